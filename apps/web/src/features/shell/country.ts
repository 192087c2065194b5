import type { GallopClient } from '@gallop/api-client';
import { getCountryByIpQueryOptions } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { parse, serialize } from 'cookie';

/**
 * The visitor's country (spec section 4): from its cookie when present, otherwise detected by IP
 * once (`/spa/country-by-ip`) and kept in the cookie for 180 days.
 */
export const COUNTRY_COOKIE = 'country_id';

/** 15552000 s (spec section 9). */
const COUNTRY_MAX_AGE_S = 15_552_000;

export function countryIdFromCookies(cookieHeader: string | null | undefined): number | undefined {
  const value = cookieHeader ? parse(cookieHeader)[COUNTRY_COOKIE] : undefined;
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

export function countryCookie(countryId: number, secure: boolean): string {
  return serialize(COUNTRY_COOKIE, String(countryId), {
    path: '/',
    maxAge: COUNTRY_MAX_AGE_S,
    sameSite: 'lax',
    secure,
  });
}

/**
 * The stored country, or the one detected by IP, then stored. A failed detection is logged
 * quietly and leaves no cookie, so the next page load tries again.
 */
export async function ensureVisitorCountry(
  queryClient: QueryClient,
  api: GallopClient,
  doc: Document = document,
): Promise<number | undefined> {
  const stored = countryIdFromCookies(doc.cookie);
  if (stored !== undefined) return stored;
  try {
    const { result } = await queryClient.fetchQuery({
      ...getCountryByIpQueryOptions(api),
      staleTime: Infinity,
    });
    doc.cookie = countryCookie(result.id, doc.location.protocol === 'https:');
    return result.id;
  } catch (error) {
    console.warn('Country detection failed:', error);
    return undefined;
  }
}
