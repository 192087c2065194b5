import { describe, expect, it } from 'vitest';
import { REFERENCE_COUNTRIES } from '@gallop/api/src/db/reference/countries.ts';
import { COUNTRIES } from './data/world.ts';

// The demo's destinations describe reference countries (decision 163): the database has the
// reference row before the seed runs, so what the demo's own generators read must agree with it.
describe('the demo destinations are reference countries', () => {
  it.each(COUNTRIES.map((country) => [country.name, country] as const))('%s', (_, country) => {
    const reference = REFERENCE_COUNTRIES.find((row) => row.id === country.id);
    expect(reference).toEqual({
      id: country.id,
      iso: country.iso,
      name: country.name,
      worldPart: country.worldPart,
      phoneCode: country.phoneCode,
      currency: country.currency,
      lat: country.lat,
      lng: country.lng,
      isPrimary: country.isPrimary ?? false,
    });
  });

  it('has one row per id and per ISO code', () => {
    expect(new Set(REFERENCE_COUNTRIES.map((row) => row.id)).size).toBe(REFERENCE_COUNTRIES.length);
    expect(new Set(REFERENCE_COUNTRIES.map((row) => row.iso)).size).toBe(
      REFERENCE_COUNTRIES.length,
    );
  });
});
