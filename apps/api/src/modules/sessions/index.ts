/**
 * The sessions module: who is calling. Sessions and their tokens, signed tokens, secrets and
 * login normalisation; the lowest domain module, which every module that needs a caller uses
 * (accounts builds sign-in, profiles and favourites on it).
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { normalizeEmail, normalizePhone, parseLogin, type Login } from './logins.ts';
export { CODE_LENGTH, hashSecret, randomCode, randomToken } from './secrets.ts';
export {
  bearerTokenOf,
  findSigned,
  findSignedByToken,
  findSignedOrVisitor,
  isSessionActive,
  openSession,
  refreshSession,
  REFRESH_REUSE_GRACE_MS,
  requireSigned,
  revokeOtherSessions,
  revokeSession,
  unauthorized,
  type SessionsEnded,
  type Signed,
  type UserRow,
} from './sessions.ts';
export { signServiceToken, signToken, verifyServiceToken, verifyToken } from './signed-token.ts';
