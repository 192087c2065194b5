import {
  getCountryCallingCode,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import type { PhoneCountry } from './countries/define';

/** Maximum length of the typed phone number (docs/product.md, Constants). */
export const PHONE_INPUT_MAX_LENGTH = 18;
/** Minimum width of the country dropdown, px (docs/product.md, Constants). */
export const PHONE_COUNTRY_DROPDOWN_MIN_WIDTH = 280;
/** Site configuration: default phone country US. */
export const DEFAULT_PHONE_COUNTRY = 'US';
/** Default locale (docs/product.md, Constants). */
export const DEFAULT_PHONE_LOCALE = 'en-US';
/** Where the square flags are served, one `<iso code>.svg` each (spec default flags path). */
export const PHONE_FLAGS_PATH = '/flags/1x1';

/** Default wording of the input_phone.* keys (the spec does not show it) and the phone texts. */
export const PHONE_INPUT_TEXTS = {
  search_country_text: 'Search country',
  not_found_country_text: 'No country found',
  not_found_code_text: 'No country with code +{code}',
  use_code_button: 'Use +{code}',
  country_missmatch_hint: 'This number belongs to {country}',
  confirm_button: 'Confirm',
  validation: 'Incorrect phone number',
  country_label: 'Country',
} as const;

export type PhoneInputTexts = { [Key in keyof typeof PHONE_INPUT_TEXTS]: string };

/** Without a term only primary countries; with one, matches on name, ISO code or calling code. */
export function filterPhoneCountries(
  countries: readonly PhoneCountry[],
  term: string,
): readonly PhoneCountry[] {
  const query = term.trim().toLowerCase();
  if (query === '') return countries.filter((country) => country.is_primary);
  const code = query.replace(/^\+/, '');
  return countries.filter(
    (country) =>
      country.name.toLowerCase().includes(query) ||
      country.iso_code.toLowerCase() === query ||
      (/^\d+$/.test(code) && country.phone_code.startsWith(code)),
  );
}

/**
 * Cleans typed or pasted text: letters and other symbols are dropped, `+` stays only in front,
 * the length stops at 18. On a Russian number a leading `+8` becomes `8` (the trunk prefix).
 */
export function sanitizePhone(text: string, country: string | undefined): string {
  const kept = text.replace(/[^\d+\s()-]/g, '');
  const leadingPlus = kept.trimStart().startsWith('+');
  let phone = (leadingPlus ? '+' : '') + kept.replace(/\+/g, '').replace(/^\s+/, '');
  if (country === 'RU' && phone.startsWith('+8')) phone = phone.slice(1);
  return phone.slice(0, PHONE_INPUT_MAX_LENGTH);
}

/**
 * The country an international number (`+…`) belongs to, once the digits tell (`+49 30` is
 * Germany; `+7 912` Russia and `+7 701` Kazakhstan). Parsing rather than libphonenumber's
 * as-you-type formatter, which would add 7 kB gzip to every form with a phone field.
 */
export function detectPhoneCountry(phone: string): string | undefined {
  if (!phone.startsWith('+')) return undefined;
  return parsePhoneNumberFromString(phone)?.country;
}

/** The flag image of a country under `flagsPath`, e.g. `/flags/1x1/de.svg`. */
export function phoneFlagUrl(isoCode: string, flagsPath: string = PHONE_FLAGS_PATH): string {
  return `${flagsPath.replace(/\/$/, '')}/${isoCode.toLowerCase()}.svg`;
}

function callingCodeOf(country: string | undefined): string | undefined {
  try {
    return country ? getCountryCallingCode(country as CountryCode) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The number as a form keeps it: international (E.164, `+4930901820`) once the digits make a
 * possible number, a national one (`030 901820`) read in the chosen country; otherwise the
 * typed text, for the rules to refuse. Only the chosen country's calling code counts as empty.
 */
export function phoneValue(text: string, country: string | undefined): string {
  const typed = text.trim();
  const compact = typed.replace(/[\s()-]/g, '');
  if (compact === '' || compact === '+') return '';
  const callingCode = callingCodeOf(country);
  if (callingCode && compact === `+${callingCode}`) return '';
  const parsed = parsePhoneNumberFromString(typed, country as CountryCode | undefined);
  return parsed?.isPossible() ? parsed.number : typed;
}

/** A kept number for people to read: `+49 30 901820` for `+4930901820`; other text as it is. */
export function formatPhone(value: string): string {
  const phone = value.trim();
  if (!phone.startsWith('+')) return phone;
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

/** Checked with libphonenumber-js; national numbers are read in the chosen country. */
export function isValidPhone(phone: string, country: string | undefined): boolean {
  try {
    return isValidPhoneNumber(phone, country as CountryCode | undefined);
  } catch {
    return false;
  }
}

export function fillText(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => params[key] ?? match);
}
