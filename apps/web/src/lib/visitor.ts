import { currencyFromCookieHeader } from '@gallop/currency';
import { parse, serialize } from 'cookie';
import { COOKIE_ALERT_DAYS } from '@gallop/ui-kit';
import { favouriteTourIdsFromCookieHeader } from '@gallop/session';
import type { WeightUnit } from '@gallop/rider-fit';
import { parseWeightUnit, WEIGHT_UNIT_COOKIE } from './weight-unit-cookie';

/** The visitor's country as the page needs it: its units (by id) and the phone fields' country. */
export interface VisitorCountry {
  id: number;
  iso_code: string;
}

/**
 * What told the render the visitor's country (decisions 145, 153): their cookie, the edge's
 * header, their browser's language region, or nothing (the default country).
 */
export type VisitorCountrySource = 'cookie' | 'edge' | 'language' | 'default';

/** What the server knows of the visitor from their cookies, handed to the browser with the page. */
export interface VisitorPreferences {
  /** The stored currency choice (`i18n_currency`), if any: the default applies otherwise. */
  currencyChoice?: string | undefined;
  /**
   * The currency of a visitor who chose none: their country's when the site offers it, else USD
   * (decision 145). Worked out by the server's render (`visitor-country.ts`).
   */
  defaultCurrency?: string | undefined;
  /**
   * The visitor's country: their country cookie's, else the edge's, else their browser's language
   * region's, else the default (decisions 145, 153). Worked out by the server's render; unknown
   * while the API is unreachable.
   */
  country?: VisitorCountry | undefined;
  /**
   * What told the render `country`. Only a cookie's or the edge's is kept in the cookie and given
   * to a signed-in account; a guess is not (decision 161).
   */
  countryFrom?: VisitorCountrySource | undefined;
  /** The weight unit they picked beside a weight field (`weight_unit`, kept a year), if any. */
  weightUnit?: WeightUnit | undefined;
  /** The cookie alert was dismissed (kept 180 days). */
  cookieAlertDismissed: boolean;
  /** Guest favourites (`favorite_tours`), so the first render shows the right hearts and count. */
  favouriteTourIds: number[];
}

/** The cookie that keeps the cookie alert dismissed. */
export const COOKIE_ALERT_COOKIE = 'cookie_alert_dismissed';

/** Reads the visitor's preferences from a `Cookie` header (SSR) or `document.cookie`. */
export function visitorFromCookies(cookieHeader: string | null | undefined): VisitorPreferences {
  const cookies = cookieHeader ? parse(cookieHeader) : {};
  return {
    currencyChoice: currencyFromCookieHeader(cookieHeader),
    weightUnit: parseWeightUnit(cookies[WEIGHT_UNIT_COOKIE]),
    cookieAlertDismissed: cookies[COOKIE_ALERT_COOKIE] === '1',
    favouriteTourIds: favouriteTourIdsFromCookieHeader(cookieHeader),
  };
}

/**
 * `document.cookie = ...` value that keeps the alert dismissed for 180 days (docs/product.md,
 * Constants).
 */
export function cookieAlertDismissedCookie(secure: boolean): string {
  return serialize(COOKIE_ALERT_COOKIE, '1', {
    path: '/',
    maxAge: COOKIE_ALERT_DAYS * 24 * 60 * 60,
    sameSite: 'lax',
    secure,
  });
}

/**
 * Marks a staff member's browser (set on `/employees-cookie`): the team's own visits stay out of
 * the analytics, as if consent had not been given.
 */
export const EMPLOYEE_COOKIE = 'gallop_employee';

/** Whether a `Cookie` header (or `document.cookie`) marks the browser as staff. */
export function isEmployeeBrowser(cookieHeader: string | null | undefined): boolean {
  return cookieHeader ? parse(cookieHeader)[EMPLOYEE_COOKIE] === '1' : false;
}
