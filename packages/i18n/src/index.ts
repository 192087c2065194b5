export { createTranslator } from './translator';
export type {
  Message,
  Messages,
  PluralMessage,
  Translate,
  TranslateParams,
  TranslatorOptions,
} from './translator';
export { en } from './messages/en';
export type { MessageKey } from './messages/en';
export { DICTIONARIES, messagesFor, translatorFor } from './dictionaries';
export { AVAILABLE_LOCALES, DEFAULT_LOCALE, LOCALES, isLocale } from './locales';
export { formatNumber } from './format-number';
export { dateLocaleFor, weekStartsOn } from './dates';
export type { Locale } from './locales';
export { localeCookie } from './locale-cookie';
export {
  LOCALE_COOKIE,
  localizePath,
  matchLocale,
  parseAcceptLanguage,
  resolveLocale,
} from './resolve';
export type { LocaleRequest, LocaleResolution } from './resolve';
export { NON_METRIC_COUNTRY_IDS, isMetricCountry, measurementSystem } from './metric';
export type { MeasurementSystem } from './metric';
