// A module of its own: a route's `head` ships in the first load (`.size-limit.js`) and needs only
// this title, not the other outcome titles (./titles.ts), which the loader picks in the route's
// own chunk.

/** The title when no payment is found: the only one a route's head holds itself. */
export const PAYMENT_NOT_FOUND_TITLE = 'We could not find this payment';
