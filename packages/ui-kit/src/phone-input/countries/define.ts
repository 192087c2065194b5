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

/** Builds a list from compact `[iso, name, code]` rows. */
export function definePhoneCountries(
  primary: readonly string[],
  rows: readonly (readonly [string, string, string])[],
): readonly PhoneCountry[] {
  return rows.map(([iso_code, name, phone_code]) => ({
    iso_code,
    name,
    phone_code,
    is_primary: primary.includes(iso_code),
  }));
}
