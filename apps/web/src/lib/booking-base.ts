/**
 * The booking pages live under a configurable first segment, `{base}` in docs/product.md, Routes
 * (`BOOKING_BASE_PATH`, default `booking`): `/{base}/{id}`, `/{base}/uuid/{uuid}`, the pay and QR
 * pages and the booking form `/{base}/new`.
 *
 * The route files keep their `/booking/...` ids; the router's `rewrite` maps the public address to
 * them on the way in (`/trips/12` is matched as `/booking/12`) and back on the way out, so every
 * `<Link to="/booking/$id">` and `navigate` renders and pushes `/trips/12`. Plain `href`s built by
 * hand go through {@link bookingHref}. The web server answers the old `/booking/...` addresses
 * with a permanent redirect to the configured base (server/app.ts).
 */
// Types only: the web server imports this file and must not load React before production mode.
import type { LocationRewrite } from '@tanstack/react-router';

/** The route files' segment, and the default public one. */
export const DEFAULT_BOOKING_BASE = 'booking';

/** `pathname` moved from one first segment to another, when it starts with the first. */
function moveFirstSegment(pathname: string, from: string, to: string): string | undefined {
  const prefix = `/${from}`;
  if (pathname === prefix || pathname.startsWith(`${prefix}/`)) {
    return `/${to}${pathname.slice(prefix.length)}`;
  }
  return undefined;
}

/** The public path as the routes know it: `/trips/12` -> `/booking/12` when the base is `trips`. */
export function bookingPathIn(pathname: string, base: string): string {
  if (base === DEFAULT_BOOKING_BASE) return pathname;
  return moveFirstSegment(pathname, base, DEFAULT_BOOKING_BASE) ?? pathname;
}

/** A route's path as the visitor sees it: `/booking/12` -> `/trips/12` when the base is `trips`. */
export function bookingPathOut(pathname: string, base: string): string {
  if (base === DEFAULT_BOOKING_BASE) return pathname;
  return moveFirstSegment(pathname, DEFAULT_BOOKING_BASE, base) ?? pathname;
}

/**
 * The router's `rewrite` for the booking base. The base is read on every call: the browser's
 * router is created before the server's settings arrive with the dehydrated page.
 */
export function bookingBaseRewrite(base: () => string): LocationRewrite {
  return {
    input: ({ url }) => {
      const pathname = bookingPathIn(url.pathname, base());
      if (pathname === url.pathname) return undefined;
      url.pathname = pathname;
      return url;
    },
    output: ({ url }) => {
      const pathname = bookingPathOut(url.pathname, base());
      if (pathname === url.pathname) return undefined;
      url.pathname = pathname;
      return url;
    },
  };
}

/** A hand-built address of a booking page (`/booking/new?tour=7`) under the configured base. */
export function bookingHref(href: string, base: string | undefined): string {
  if (base === undefined || base === DEFAULT_BOOKING_BASE) return href;
  const end = href.search(/[?#]/);
  const pathname = end === -1 ? href : href.slice(0, end);
  return `${bookingPathOut(pathname, base)}${href.slice(pathname.length)}`;
}
