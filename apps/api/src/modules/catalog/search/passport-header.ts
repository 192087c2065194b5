/**
 * The rider passport a "fits me first" search orders by (`sort=fit`, decision 109): the
 * `X-Rider-Passport` header, the `gallop_rider` cookie's text (`passportToCookie`). A header and
 * not the address, because the weight is private: it is neither logged (Fastify logs the URL, no
 * header) nor a part of any address a page, a proxy or an analytics tag could keep. It is read
 * only for `sort=fit`, so every other search ignores it and shares its cached answers.
 */
import { passportFromCookie, passportToCookie, type RiderPassport } from '@gallop/rider-fit';
import type { FastifyRequest } from 'fastify';

const RIDER_PASSPORT_HEADER = 'x-rider-passport';

/** The header's text when sent once; a header given twice is no passport. */
function headerText(request: FastifyRequest): string | undefined {
  const value = request.headers[RIDER_PASSPORT_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Whether a query (as parsed, before or after validation) may ask "fits me first": any `sort`
 * but none and the other orders, so the fast path of cached answers keys on the header whenever
 * the handler could read it.
 */
function mayOrderByFit(query: unknown): boolean {
  const sort = (query as { sort?: unknown } | null | undefined)?.sort;
  return sort !== undefined && sort !== 'default' && sort !== 'price' && sort !== '-price';
}

/** The header as the fast path keys raw requests on: only when the search may be `fit`. */
export function passportHeaderKey(request: FastifyRequest): string {
  return mayOrderByFit(request.query) ? (headerText(request) ?? '') : '';
}

/**
 * The passport a validated search orders by: the header's, read as the cookie is
 * (`passportFromCookie`), for `sort=fit` only; undefined otherwise and when it does not read (no
 * valid level), which leaves the default order, never an error.
 */
export function fitPassport(request: FastifyRequest): RiderPassport | undefined {
  if ((request.query as { sort?: unknown } | undefined)?.sort !== 'fit') return undefined;
  return passportFromCookie(headerText(request)) ?? undefined;
}

/** A passport as one normalised text (equal passports, equal texts): part of a response key. */
export function passportKey(passport: RiderPassport | undefined): string | undefined {
  return passport && passportToCookie(passport);
}
