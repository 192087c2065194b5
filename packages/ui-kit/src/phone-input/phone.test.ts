import { describe, expect, it } from 'vitest';
import {
  PHONE_INPUT_MAX_LENGTH,
  detectPhoneCountry,
  filterPhoneCountries,
  formatPhone,
  isValidPhone,
  phoneFlagUrl,
  phoneValue,
  sanitizePhone,
} from './phone';
import { phoneCountriesFor } from './countries/define';

describe('sanitizePhone', () => {
  it('blocks letters and symbols, keeps digits, spaces, dashes and brackets', () => {
    expect(sanitizePhone('+1 (555) abc 123-45*67', 'US')).toBe('+1 (555)  123-4567');
  });
  it('keeps a plus only in front', () => {
    expect(sanitizePhone('+49+30 12+3', 'DE')).toBe('+4930 123');
  });
  it('stops at 18 characters', () => {
    expect(PHONE_INPUT_MAX_LENGTH).toBe(18);
    expect(sanitizePhone('+1 234 567 890 123 456 789', 'US')).toHaveLength(18);
  });
  it('turns a leading +8 into 8 on a Russian number only', () => {
    expect(sanitizePhone('+8 912 345 67 89', 'RU')).toBe('8 912 345 67 89');
    expect(sanitizePhone('+8 912 345 67 89', 'KZ')).toBe('+8 912 345 67 89');
  });
});

describe('detectPhoneCountry and isValidPhone', () => {
  it('detects the country of an international number', () => {
    expect(detectPhoneCountry('+49 30 901820')).toBe('DE');
    expect(detectPhoneCountry('+7 912 345 67 89')).toBe('RU');
    expect(detectPhoneCountry('+7 701 234 56 78')).toBe('KZ');
    expect(detectPhoneCountry('+44 20 7946 0958')).toBe('GB');
    expect(detectPhoneCountry('030 901820')).toBeUndefined();
  });
  it('validates with libphonenumber-js, in the chosen country for national numbers', () => {
    expect(isValidPhone('+1 212 736', 'US')).toBe(false);
    expect(isValidPhone('+1 212 736 3100', 'US')).toBe(true);
    expect(isValidPhone('8 912 345 67 89', 'RU')).toBe(true);
    expect(isValidPhone('+49 30 1', 'DE')).toBe(false);
  });
});

describe('country lists', () => {
  it("names countries in the locale's language, with en-US as the fallback", () => {
    expect(phoneCountriesFor('ru').find((c) => c.iso_code === 'DE')?.name).toBe('Германия');
    expect(phoneCountriesFor('de-AT').find((c) => c.iso_code === 'RU')?.name).toBe('Russland');
    expect(phoneCountriesFor('fr').find((c) => c.iso_code === 'DE')?.name).toBe('Allemagne');
    expect(phoneCountriesFor('not a locale!').find((c) => c.iso_code === 'DE')?.name).toBe(
      'Germany',
    );
    expect(phoneCountriesFor(undefined)).toBe(phoneCountriesFor('en-US'));
    expect(phoneCountriesFor('en-US').find((c) => c.iso_code === 'RU')).toEqual({
      iso_code: 'RU',
      name: 'Russia',
      phone_code: '7',
      is_primary: false,
    });
  });
  it("sorts by name in the locale and keeps each language's primary countries", () => {
    const german = phoneCountriesFor('de');
    const names = german.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
    expect(names.indexOf('Ägypten')).toBeLessThan(names.indexOf('Albanien'));
    expect(filterPhoneCountries(german, '').map((c) => c.iso_code)).toContain('AT');
    expect(filterPhoneCountries(phoneCountriesFor('en-GB'), '').map((c) => c.iso_code)).toContain(
      'GB',
    );
    expect(german.length).toBeGreaterThan(240);
  });
  it('lists only primary countries without a search term', () => {
    const list = phoneCountriesFor('en-US');
    const primary = filterPhoneCountries(list, '  ');
    expect(primary.length).toBeGreaterThan(0);
    expect(primary.length).toBeLessThan(list.length);
    expect(primary.every((c) => c.is_primary)).toBe(true);
  });
  it('searches by name, ISO code and calling code', () => {
    const list = phoneCountriesFor('en-US');
    expect(filterPhoneCountries(list, 'mong').map((c) => c.iso_code)).toEqual(['MN']);
    expect(filterPhoneCountries(list, 'kz').map((c) => c.iso_code)).toEqual(['KZ']);
    expect(filterPhoneCountries(list, '+49').map((c) => c.iso_code)).toContain('DE');
  });
});

describe('phoneValue', () => {
  it('keeps a possible number in international form, a national one read in the country', () => {
    expect(phoneValue('30 901820', 'DE')).toBe('+4930901820');
    expect(phoneValue('030 901820', 'DE')).toBe('+4930901820');
    expect(phoneValue('8 912 345 67 89', 'RU')).toBe('+79123456789');
    expect(phoneValue('+1 (212) 736-3100', 'DE')).toBe('+12127363100');
  });
  it('leaves what cannot be a number as typed, and a bare calling code empty', () => {
    expect(phoneValue('+1 212 736', 'US')).toBe('+1 212 736');
    expect(phoneValue(' +49 ', 'DE')).toBe('');
    expect(phoneValue('   ', 'DE')).toBe('');
  });
  it('formats a kept number for reading', () => {
    expect(formatPhone('+4930901820')).toBe('+49 30 901820');
    expect(formatPhone(' 030 901820 ')).toBe('030 901820');
  });
  it('finds the flag under the flags path', () => {
    expect(phoneFlagUrl('DE')).toBe('/flags/1x1/de.svg');
  });
});
