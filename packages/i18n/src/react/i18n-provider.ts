import { type ReactNode, createContext, createElement, useContext, useMemo } from 'react';
import { translatorFor } from '../dictionaries';
import { DEFAULT_LOCALE, type Locale } from '../locales';
import type { MessageKey } from '../messages/en';
import { type Messages, type Translate, createTranslator } from '../translator';

interface I18nContextValue {
  locale: Locale;
  t: Translate<MessageKey>;
}

// Without a provider, English: a component still renders in a story or a test.
let fallback: I18nContextValue | undefined;
const I18nContext = createContext<I18nContextValue | null>(null);

export interface I18nProviderProps {
  /** The resolved locale (from `resolveLocale`), the same on the server and in the browser. */
  locale: Locale;
  /** Messages to use instead of the locale's dictionary (tests, previews). */
  messages?: Messages;
  /** Called once per missing key; `console.warn` by default. */
  onMissingKey?: (key: string) => void;
  children?: ReactNode;
}

/**
 * Gives its subtree a locale and a translator. Everything is built from props during render (no
 * globals, no effects), so the server and the browser render the same text.
 */
export function I18nProvider({ locale, messages, onMissingKey, children }: I18nProviderProps) {
  const value = useMemo<I18nContextValue>(() => {
    const options = onMissingKey ? { onMissingKey } : {};
    const t = messages
      ? createTranslator(messages, { ...options, locale })
      : translatorFor(locale, options);
    return { locale, t };
  }, [locale, messages, onMissingKey]);
  return createElement(I18nContext.Provider, { value }, children);
}

function useI18n(): I18nContextValue {
  const context = useContext(I18nContext);
  if (context) return context;
  fallback ??= { locale: DEFAULT_LOCALE, t: translatorFor(DEFAULT_LOCALE) };
  return fallback;
}

/** `t(key, params)` of the nearest `I18nProvider`. */
export function useT(): Translate<MessageKey> {
  return useI18n().t;
}

export function useLocale(): Locale {
  return useI18n().locale;
}
