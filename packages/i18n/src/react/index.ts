export { I18nProvider, useLocale, useT } from './i18n-provider';
export type { I18nProviderProps } from './i18n-provider';
