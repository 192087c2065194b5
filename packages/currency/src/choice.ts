import {
  type CurrencyCode,
  DEFAULT_CURRENCY,
  FALLBACK_CURRENCIES,
  SUPPORTED_CURRENCIES,
  parseCurrency,
} from './currencies';

export interface CurrencyContext {
  /** The currency of the visitor's locale (country), if it has one. */
  localeCurrency?: string | null | undefined;
  /**
   * Currencies the site offers; the site's supported list by default. An empty list means the
   * configuration names none, and the fallback list (RUB, EUR, USD) is used.
   */
  available?: readonly string[] | undefined;
}

function availableList(available: readonly string[] | undefined): readonly string[] {
  if (!available) return SUPPORTED_CURRENCIES;
  const parsed = available.map(parseCurrency).filter((code) => code !== undefined);
  return parsed.length > 0 ? parsed : FALLBACK_CURRENCIES;
}

function offered(value: unknown, available: readonly string[]): CurrencyCode | undefined {
  const code = parseCurrency(value);
  return code !== undefined && available.includes(code) ? code : undefined;
}

/**
 * The currency a visitor gets when they have chosen none: the locale's currency, or USD when the
 * locale has none (or one the site does not offer). Choosing this one empties the cookie.
 */
export function defaultCurrencyFor(context: CurrencyContext = {}): CurrencyCode {
  const available = availableList(context.available);
  return (
    offered(context.localeCurrency, available) ??
    offered(DEFAULT_CURRENCY, available) ??
    // The fallback list always contains USD, so this only runs for a custom list without it.
    (parseCurrency(available[0]) as CurrencyCode)
  );
}

/** The visitor's currency: their stored choice when the site offers it, else the default above. */
export function resolveCurrency(
  choice: string | null | undefined,
  context: CurrencyContext = {},
): CurrencyCode {
  return offered(choice, availableList(context.available)) ?? defaultCurrencyFor(context);
}
