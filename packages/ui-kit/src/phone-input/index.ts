export { PHONE_COUNTRIES_DE } from './countries/de';
export type { PhoneCountry } from './countries/define';
export { PHONE_COUNTRIES_EN_US } from './countries/en-US';
export { PHONE_COUNTRIES_RU } from './countries/ru';
export {
  DEFAULT_PHONE_COUNTRY,
  DEFAULT_PHONE_LOCALE,
  PHONE_COUNTRY_DROPDOWN_MIN_WIDTH,
  PHONE_COUNTRY_LISTS,
  PHONE_FLAGS_PATH,
  PHONE_INPUT_MAX_LENGTH,
  PHONE_INPUT_TEXTS,
  detectPhoneCountry,
  filterPhoneCountries,
  formatPhone,
  isValidPhone,
  phoneCountriesFor,
  phoneFlagUrl,
  phoneValue,
  sanitizePhone,
} from './phone';
export type { PhoneInputTexts } from './phone';
export { PhoneInput } from './phone-input';
export type { PhoneInputProps } from './phone-input';
