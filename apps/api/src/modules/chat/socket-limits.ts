/**
 * What one account may ask of the chat socket (probe 2026-12-07: one socket's burst of 5,000
 * `join_chat` held another user's HTTP call for 6.5 s on PostgreSQL, and one token opened 200 of
 * 200 sockets). Every `join_chat` reads the database, so its count is taken before that read.
 */

/** Sockets one account may hold on one API process (tabs and devices). */
export const MAX_SOCKETS_PER_USER = 20;
/** Conversations one socket may follow at once (the web follows the one it shows). */
export const MAX_CHAT_ROOMS_PER_SOCKET = 20;
/** `join_chat` one account may send a minute, all its sockets together. */
export const JOINS_PER_MINUTE = 60;

export const TOO_MANY_SOCKETS = 'Too many connections: close the chat in another tab or device';
export const TOO_MANY_ROOMS = 'Too many conversations open on this connection: leave one first';
export const TOO_MANY_JOINS = 'Too many conversations opened: wait a minute and try again';
