// Apart from `./locales.ts`: pages resolve the locale on every navigation, but format numbers only
// where statistics show, so a bundler can leave this out of a web app's first load.
import { DEFAULT_LOCALE } from './locales';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Formats a number with the locale's grouping and decimal marks. */
export function formatNumber(value: number, locale: string = DEFAULT_LOCALE): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}
