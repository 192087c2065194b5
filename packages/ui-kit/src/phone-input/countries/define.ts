import { getCountries, getCountryCallingCode } from 'libphonenumber-js';

/**
 * A country of the phone input (docs/product.md, Entities: iso_code, name, phone_code, is_primary).
 */
export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, upper case. */
  iso_code: string;
  name: string;
  /** Calling code without the plus, e.g. '7'. */
  phone_code: string;
  /** Listed while no search term is typed. */
  is_primary: boolean;
}

/** Countries listed before a search term is typed, by the interface's language. */
const PRIMARY_BY_LANGUAGE: Readonly<Record<string, readonly string[]>> = {
  en: ['US', 'CA', 'GB', 'AU', 'IE', 'NZ', 'DE', 'FR', 'ES', 'IT'],
  ru: ['RU', 'BY', 'KZ', 'UZ', 'KG', 'AM', 'GE', 'AZ', 'DE', 'US'],
  de: ['DE', 'AT', 'CH', 'LI', 'LU', 'NL', 'FR', 'IT', 'PL', 'US'],
};

const FALLBACK_LOCALE = 'en-US';
const built = new Map<string, readonly PhoneCountry[]>();

/** Region names in `locale` from the runtime's ICU, or null when it cannot name them there. */
function regionNames(locale: string): Intl.DisplayNames | null {
  if (typeof Intl.DisplayNames !== 'function') return null;
  try {
    return new Intl.DisplayNames([locale, FALLBACK_LOCALE], { type: 'region' });
  } catch {
    // Not a well-formed language tag: the fallback's names.
    return new Intl.DisplayNames([FALLBACK_LOCALE], { type: 'region' });
  }
}

/**
 * Every country libphonenumber-js knows, named in `locale` by the runtime (`Intl.DisplayNames`,
 * so the kit ships no hand-kept lists) and sorted by name there; built once per locale.
 */
export function phoneCountriesFor(locale: string | undefined): readonly PhoneCountry[] {
  const wanted = locale?.trim() || FALLBACK_LOCALE;
  const cached = built.get(wanted);
  if (cached) return cached;
  const language = wanted.toLowerCase().split(/[-_]/)[0] ?? '';
  const primary = PRIMARY_BY_LANGUAGE[language] ?? PRIMARY_BY_LANGUAGE.en!;
  const names = regionNames(wanted);
  const collator = new Intl.Collator([wanted, FALLBACK_LOCALE].filter(isLocale));
  const countries = getCountries()
    .map((iso) => ({
      iso_code: iso,
      name: names?.of(iso) ?? iso,
      phone_code: getCountryCallingCode(iso),
      is_primary: primary.includes(iso),
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
  built.set(wanted, countries);
  return countries;
}

function isLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length > 0;
  } catch {
    return false;
  }
}
