import { parse, serialize } from 'cookie';

/**
 * The visitor's country (docs/product.md, States): kept in its cookie for 180 days, whether
 * told by the edge (the shell) or chosen in the account settings; a signed-in account follows it.
 * A guessed country (language region, default) is never kept (decision 161).
 */
const COUNTRY_COOKIE = 'country_id';

/** 15552000 s (docs/product.md, Constants). */
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
