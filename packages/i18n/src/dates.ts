import type { Locale as DateFnsLocale } from 'date-fns';
import { de, enUS, ru, zhCN } from 'date-fns/locale';
import { DEFAULT_LOCALE, type Locale, isLocale } from './locales';

/** Date locales come from date-fns (docs/product.md, Constants). */
const DATE_LOCALES: Readonly<Record<Locale, DateFnsLocale>> = {
  'en-US': enUS,
  ru,
  de,
  'zh-CN': zhCN,
};

/** The date-fns locale for a locale (the default locale's for an unknown one). */
export function dateLocaleFor(locale: string): DateFnsLocale {
  return DATE_LOCALES[isLocale(locale) ? locale : DEFAULT_LOCALE];
}

/**
 * First day of the week, 0 Sunday .. 6 Saturday: Monday in ru, zh-CN and de (docs/product.md,
 * Constants).
 */
export function weekStartsOn(locale: string): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  return dateLocaleFor(locale).options?.weekStartsOn ?? 0;
}
