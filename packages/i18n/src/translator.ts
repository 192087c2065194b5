import { DEFAULT_LOCALE } from './locales';

/** Plural forms by CLDR category, plus `zero` for an exact count of 0 when the text differs. */
export type PluralMessage = Readonly<Partial<Record<Intl.LDMLPluralRule | 'zero', string>>> & {
  readonly other: string;
};
export type Message = string | PluralMessage;
export type Messages = Readonly<Record<string, Message>>;
export type TranslateParams = Readonly<Record<string, string | number>>;

export interface TranslatorOptions {
  /** Plural rules follow this locale; the default locale by default. */
  locale?: string;
  /** Called once per missing key; defaults to `console.warn`, as the spec asks. */
  onMissingKey?: (key: string) => void;
}

/** `t(key, params)`; keys of the dictionary autocomplete, any string is accepted. */
export type Translate<Key extends string = string> = (
  key: Key | (string & {}),
  params?: TranslateParams,
) => string;

function pluralForm(message: PluralMessage, count: unknown, rules: Intl.PluralRules): string {
  const number = Number(count);
  if (!Number.isFinite(number)) return message.other;
  if (number === 0 && message.zero !== undefined) return message.zero;
  return message[rules.select(number)] ?? message.other;
}

/**
 * Builds `t(key, params)`. `{name}` placeholders are filled from params; a plural message picks
 * its form from `params.count` with `Intl.PluralRules`. A missing key logs a warning (once per
 * key) and shows the key itself (docs/product.md, Errors).
 */
export function createTranslator<M extends Messages>(
  messages: M,
  options: TranslatorOptions = {},
): Translate<Extract<keyof M, string>> {
  const onMissingKey =
    options.onMissingKey ?? ((key) => console.warn(`[i18n] missing key: ${key}`));
  const rules = new Intl.PluralRules(options.locale ?? DEFAULT_LOCALE);
  const reported = new Set<string>();

  return function translate(key, params) {
    const message = Object.hasOwn(messages, key) ? messages[key] : undefined;
    if (message === undefined) {
      if (!reported.has(key)) {
        reported.add(key);
        onMissingKey(key);
      }
      return key;
    }
    const template =
      typeof message === 'string' ? message : pluralForm(message, params?.count, rules);
    if (!params) return template;
    return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : placeholder,
    );
  };
}
