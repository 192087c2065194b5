export { CurrencyProvider, currencyAtom, useCurrency } from './currency-atom';
export type { CurrencyProviderProps, CurrencySettings, UseCurrencyResult } from './currency-atom';
