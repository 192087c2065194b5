export { phoneCountriesFor } from './countries/define';
export type { PhoneCountry } from './countries/define';
export {
  DEFAULT_PHONE_COUNTRY,
  DEFAULT_PHONE_LOCALE,
  PHONE_COUNTRY_DROPDOWN_MIN_WIDTH,
  PHONE_FLAGS_PATH,
  PHONE_INPUT_MAX_LENGTH,
  PHONE_INPUT_TEXTS,
  detectPhoneCountry,
  filterPhoneCountries,
  formatPhone,
  isValidPhone,
  phoneFlagUrl,
  phoneValue,
  sanitizePhone,
} from './phone';
export type { PhoneInputTexts } from './phone';
export { PhoneInput } from './phone-input';
export type { PhoneInputProps } from './phone-input';
