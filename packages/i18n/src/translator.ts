export type Messages = Readonly<Record<string, string>>;
export type TranslateParams = Readonly<Record<string, string | number>>;

export interface TranslatorOptions {
  /** Called once per missing key; defaults to `console.warn`, as the spec asks. */
  onMissingKey?: (key: string) => void;
}

/**
 * Builds `t(key, params)`. `{name}` placeholders are filled from params.
 * A missing key logs a warning and shows the key itself (spec section 8).
 */
export function createTranslator(messages: Messages, options: TranslatorOptions = {}) {
  const onMissingKey =
    options.onMissingKey ?? ((key) => console.warn(`[i18n] missing key: ${key}`));
  const reported = new Set<string>();

  return function translate(key: string, params?: TranslateParams): string {
    const template = messages[key];
    if (template === undefined) {
      if (!reported.has(key)) {
        reported.add(key);
        onMissingKey(key);
      }
      return key;
    }
    if (!params) return template;
    return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
      name in params ? String(params[name]) : placeholder,
    );
  };
}

export type Translate = ReturnType<typeof createTranslator>;
