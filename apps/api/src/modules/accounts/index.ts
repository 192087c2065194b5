/**
 * The accounts module: sign-in, sessions, users, signed tokens and secrets.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { favouritesHandlers } from './favourites.ts';
export { accountsHandlers } from './handlers.ts';
export { normalizeEmail, normalizePhone } from './logins.ts';
export { hashPassword } from './passwords.ts';
export { hashSecret, randomToken } from './secrets.ts';
export {
  bearerTokenOf,
  findSigned,
  findSignedByToken,
  isSessionActive,
  openSession,
  REFRESH_REUSE_GRACE_MS,
  requireSigned,
  unauthorized,
  type SessionsEnded,
  type UserRow,
} from './sessions.ts';
export { signServiceToken, signToken, verifyServiceToken, verifyToken } from './signed-token.ts';
export { toUserProfile } from './users.ts';
export { verificationHandlers } from './verification.ts';
