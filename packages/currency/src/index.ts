export {
  CONTRACT_CURRENCIES,
  DEFAULT_CURRENCY,
  SLIDER_LIMITS,
  isContractCurrency,
  sliderLimitsFor,
} from './currencies';
export type { ContractCurrency, SliderLimits } from './currencies';
export { formatPrice } from './format';
