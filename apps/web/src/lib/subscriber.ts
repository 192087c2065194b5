import { parse, serialize } from 'cookie';

/**
 * The visitor's subscriber id (docs/product.md, Entities, cookies): the API gives one with the
 * first subscription (`POST /spa/subscribe-tour-program`) and later calls send it back, so one
 * visitor's subscriptions and requests stay together.
 */
const SUBSCRIBER_ID_COOKIE = 'subscriber_id';

/**
 * 15552000 s, 180 days (docs/product.md, Constants, the lifetime of `last_request_id` and
 * `subscriber_id`).
 */
export const SUBSCRIBER_ID_MAX_AGE_S = 15_552_000;

/** The contract's longest `subscriber_id`. */
const SUBSCRIBER_ID_MAX_LENGTH = 64;

/** The stored subscriber id, if the cookie holds a usable one (from a `Cookie` header or `document.cookie`). */
export function subscriberIdFromCookies(
  cookieHeader: string | null | undefined,
): string | undefined {
  const value = cookieHeader ? parse(cookieHeader)[SUBSCRIBER_ID_COOKIE]?.trim() : undefined;
  return value && value.length <= SUBSCRIBER_ID_MAX_LENGTH ? value : undefined;
}

/** `document.cookie = ...` value that keeps the subscriber id for 180 days. */
export function subscriberIdCookie(subscriberId: string, secure: boolean): string {
  return serialize(SUBSCRIBER_ID_COOKIE, subscriberId, {
    path: '/',
    maxAge: SUBSCRIBER_ID_MAX_AGE_S,
    sameSite: 'lax',
    secure,
  });
}
