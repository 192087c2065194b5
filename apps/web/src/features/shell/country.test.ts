import { afterEach, describe, expect, it } from 'vitest';
import type { VisitorPreferences } from '../../lib/visitor';
import { countryCookie, countryIdFromCookies, knownVisitorCountry } from './country';

afterEach(() => {
  document.cookie = 'country_id=; Max-Age=0; Path=/';
});

const JAPAN = { id: 115, iso_code: 'JP' };
const USA = { id: 228, iso_code: 'US' };

/** The render's country and what told it, as the page hands them over. */
const rendered = (
  country: VisitorPreferences['country'],
  countryFrom: VisitorPreferences['countryFrom'],
) => ({ country, countryFrom });

describe('country cookie', () => {
  it('keeps the country id 180 days', () => {
    expect(countryCookie(228, false)).toBe(
      'country_id=228; Max-Age=15552000; Path=/; SameSite=Lax',
    );
    expect(countryIdFromCookies('a=1; country_id=114')).toBe(114);
    expect(countryIdFromCookies('country_id=us')).toBeUndefined();
  });
});

describe('knownVisitorCountry', () => {
  it('answers the stored country over the one the page was rendered in', () => {
    document.cookie = 'country_id=31; Path=/';
    expect(knownVisitorCountry(rendered(JAPAN, 'edge'))).toBe(31);
    expect(countryIdFromCookies(document.cookie)).toBe(31);
  });

  it("keeps the edge's country in the cookie", () => {
    expect(knownVisitorCountry(rendered(JAPAN, 'edge'))).toBe(JAPAN.id);
    expect(countryIdFromCookies(document.cookie)).toBe(JAPAN.id);
  });

  it('neither keeps nor answers a guessed country: the language region, the default', () => {
    // A ja-JP browser without an edge header: the page is in Japan; the next page guesses again.
    expect(knownVisitorCountry(rendered(JAPAN, 'language'))).toBeUndefined();
    // Nothing told the render anything: the US is the default, no one's country.
    expect(knownVisitorCountry(rendered(USA, 'default'))).toBeUndefined();
    // The API was down: no country at all.
    expect(knownVisitorCountry(rendered(undefined, undefined))).toBeUndefined();
    expect(countryIdFromCookies(document.cookie)).toBeUndefined();
  });
});
