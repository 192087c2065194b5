/** RUB, BYN and KZT use the Russian number format; every other currency English (GB). */
const RUSSIAN_FORMAT_CURRENCIES = new Set(['RUB', 'BYN', 'KZT']);

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat(RUSSIAN_FORMAT_CURRENCIES.has(currency) ? 'ru-RU' : 'en-GB', {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** Formats an amount in major units with no decimals, as the spec's currency display asks. */
export function formatPrice(amount: number, currency: string): string {
  return formatterFor(currency).format(amount);
}
