export { createTranslator } from './translator';
export type { Messages, TranslateParams, Translate, TranslatorOptions } from './translator';

/** The interface is English only (spec section 1); other locales keep their structure. */
export const DEFAULT_LOCALE = 'en-US';
