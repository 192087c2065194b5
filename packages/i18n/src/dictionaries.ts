import { DEFAULT_LOCALE, type Locale } from './locales';
import { type MessageKey, en } from './messages/en';
import { type Translate, type TranslatorOptions, createTranslator } from './translator';
import type { Messages } from './translator';

/** Dictionaries by locale. A locale without one (not yet translated) uses English. */
export const DICTIONARIES: Readonly<Partial<Record<Locale, Messages>>> = { [DEFAULT_LOCALE]: en };

export function messagesFor(locale: string): Messages {
  return DICTIONARIES[locale as Locale] ?? en;
}

/** A translator over the locale's dictionary (English when it has none). */
export function translatorFor(
  locale: string = DEFAULT_LOCALE,
  options: Omit<TranslatorOptions, 'locale'> = {},
): Translate<MessageKey> {
  return createTranslator(messagesFor(locale), { ...options, locale });
}
