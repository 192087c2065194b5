/**
 * What one account, or one client address, may ask of the chat socket (probe 2026-12-07: one
 * socket's burst of 5,000 `join_chat` held another user's HTTP call for 6.5 s on PostgreSQL, and
 * one token opened 200 of 200 sockets). Every `join_chat` and every handshake reads the database,
 * so their counts are taken before that read.
 */

/** Sockets one account may hold on one API process (tabs and devices). */
export const MAX_SOCKETS_PER_USER = 20;
/** Conversations one socket may follow at once (the web follows the one it shows). */
export const MAX_CHAT_ROOMS_PER_SOCKET = 20;
/** `join_chat` one account may send a minute, all its sockets together. */
export const JOINS_PER_MINUTE = 60;
/**
 * Handshakes one client address may open a minute, tokens or not, every API process together.
 * Generous: an office or a mobile carrier shows many people as one address, all their tabs
 * reconnect at once after a restart of the API, and a refused browser does not retry by itself.
 * A flood of made-up tokens from one address (100 a second in the probe) reads the database at
 * most 300 times a minute, instead of 6,000.
 */
export const HANDSHAKES_PER_ADDRESS_PER_MINUTE = 300;

export const TOO_MANY_SOCKETS = 'Too many connections: close the chat in another tab or device';
export const TOO_MANY_ROOMS = 'Too many conversations open on this connection: leave one first';
export const TOO_MANY_JOINS = 'Too many conversations opened: wait a minute and try again';
export const TOO_MANY_HANDSHAKES =
  'Too many connections from your network: wait a minute and try again';
