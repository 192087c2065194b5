/**
 * Locales Gallop is built for. Only English is available for the interface (docs/product.md, Who it
 * is for); the others keep their settings (route prefix here, date locale in `dates.ts`) so turning
 * one on is a change to `available` and a dictionary, not to the code.
 */
export const LOCALES = {
  'en-US': { prefix: '', available: true },
  ru: { prefix: 'ru', available: false },
  de: { prefix: 'de', available: false },
  'zh-CN': { prefix: 'zh', available: false },
} as const satisfies Record<string, { prefix: string; available: boolean }>;

export type Locale = keyof typeof LOCALES;

/** The default locale (docs/product.md, Constants); its pages have no prefix. */
export const DEFAULT_LOCALE = 'en-US' satisfies Locale;

export const AVAILABLE_LOCALES: readonly Locale[] = (Object.keys(LOCALES) as Locale[]).filter(
  (locale) => LOCALES[locale].available,
);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(LOCALES, value);
}
