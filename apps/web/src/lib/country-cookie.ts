import { parse, serialize } from 'cookie';

/**
 * The visitor's country (spec section 4): kept in its cookie for 180 days, whether detected by IP
 * (the shell) or chosen in the account settings; a signed-in account follows it.
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
