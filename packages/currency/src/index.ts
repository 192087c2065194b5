export {
  CONTRACT_CURRENCIES,
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  FALLBACK_CURRENCIES,
  SUPPORTED_CURRENCIES,
  isContractCurrency,
  isCurrencyCode,
  isSupportedCurrency,
  parseCurrency,
} from './currencies';
export type { ContractCurrency, CurrencyCode, SupportedCurrency } from './currencies';
export { defaultCurrencyFor, resolveCurrency } from './choice';
export type { CurrencyContext } from './choice';
export {
  CURRENCY_COOKIE,
  CURRENCY_COOKIE_MAX_AGE,
  currencyCookie,
  currencyFromCookieHeader,
  readCurrencyCookie,
  writeCurrencyCookie,
} from './cookie';
export { chooseCurrency } from './choose';
export type { ChooseCurrencyOptions } from './choose';
export { formatPrice } from './format';
