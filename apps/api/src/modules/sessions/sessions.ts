/**
 * Signed-in sessions with opaque tokens (decision 023): a short-lived access token sent as
 * `X-Authorization: Bearer <token>`, and a refresh token that rotates on every use. Only their
 * SHA-256 hashes are stored, so a database leak reveals no usable token, and sign-out or a
 * revoked session takes effect on the very next call. A refresh token used again after it was
 * rotated away ends its session (issue 43, finding 9), and ended sessions lose their sockets too.
 */
import { and, eq, gt, inArray, isNull, lt, lte, ne, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { users, userSessionRetiredRefresh, userSessions } from '#src/db/schema/index.ts';
import { HttpError } from '#src/http/http-error.ts';
import { hashSecret, randomToken } from './secrets.ts';

const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;
/**
 * A refresh token presented again this soon after its rotation is taken for another tab of the
 * same browser that raced the refresh: it is refused, and the session goes on. Later, it means a
 * second holder of the session (a thief, or the owner after a thief), and the session ends.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** Told which sessions just ended, so that their live connections (the chat socket) end too. */
export type SessionsEnded = (sessionIds: readonly number[]) => void;

export type UserRow = typeof users.$inferSelect;

export interface IssuedTokens {
  token: string;
  refresh_token: string;
}

export interface Signed {
  user: UserRow;
  sessionId: number;
  isAdminAuth: boolean;
}

export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);

const SESSION_EXPIRED = 'The session has expired. Please sign in again.';

function freshTokens(now: number) {
  const token = randomToken();
  const refreshToken = randomToken();
  return {
    issued: { token, refresh_token: refreshToken },
    stored: {
      accessHash: hashSecret(token),
      accessExpiresAt: new Date(now + ACCESS_TOKEN_TTL_MS),
      refreshHash: hashSecret(refreshToken),
      refreshExpiresAt: new Date(now + REFRESH_TOKEN_TTL_MS),
    },
  };
}

export async function openSession(
  db: Database,
  userId: number,
  options: { isAdminAuth?: boolean } = {},
): Promise<IssuedTokens> {
  const { issued, stored } = freshTokens(Date.now());
  await db
    .insert(userSessions)
    .values({ userId, isAdminAuth: options.isAdminAuth ?? false, ...stored });
  return issued;
}

/**
 * Rotates both tokens of the session the refresh token belongs to; 401 when it is not valid. The
 * old refresh token is kept (hashed) as retired: presented again after `REFRESH_REUSE_GRACE_MS`,
 * it revokes its session and `sessionsEnded` hears of it.
 */
export async function refreshSession(
  db: Database,
  refreshToken: string,
  sessionsEnded: SessionsEnded = () => {},
): Promise<IssuedTokens> {
  const now = new Date();
  const refreshHash = hashSecret(refreshToken);
  const { issued, stored } = freshTokens(now.getTime());
  const rotated = await db.transaction(async (tx) => {
    // One statement: of concurrent refreshes with one token only the first matches; the others
    // wait for its row lock, then find the hash gone and its retired row committed.
    const [session] = await tx
      .update(userSessions)
      .set(stored)
      .where(
        and(
          eq(userSessions.refreshHash, refreshHash),
          isNull(userSessions.revokedAt),
          gt(userSessions.refreshExpiresAt, now),
        ),
      )
      .returning({ id: userSessions.id });
    if (!session) return false;
    await tx
      .insert(userSessionRetiredRefresh)
      .values({ refreshHash, sessionId: session.id, retiredAt: now });
    // A token retired a refresh lifetime ago has expired anyway: no need to recognise it.
    await tx
      .delete(userSessionRetiredRefresh)
      .where(
        and(
          eq(userSessionRetiredRefresh.sessionId, session.id),
          lt(userSessionRetiredRefresh.retiredAt, new Date(now.getTime() - REFRESH_TOKEN_TTL_MS)),
        ),
      );
    return true;
  });
  if (rotated) return issued;
  const reused = db
    .select({ sessionId: userSessionRetiredRefresh.sessionId })
    .from(userSessionRetiredRefresh)
    .where(
      and(
        eq(userSessionRetiredRefresh.refreshHash, refreshHash),
        lte(userSessionRetiredRefresh.retiredAt, new Date(now.getTime() - REFRESH_REUSE_GRACE_MS)),
      ),
    );
  const ended = await revokeWhere(db, inArray(userSessions.id, reused), now);
  if (ended.length > 0) sessionsEnded(ended);
  throw unauthorized(SESSION_EXPIRED);
}

/** Revokes the sessions that `condition` selects and are not revoked yet; answers their ids. */
async function revokeWhere(
  db: Database,
  condition: SQL | undefined,
  now = new Date(),
): Promise<number[]> {
  const revoked = await db
    .update(userSessions)
    .set({ revokedAt: now })
    .where(and(isNull(userSessions.revokedAt), condition))
    .returning({ id: userSessions.id });
  return revoked.map(({ id }) => id);
}

/** Signs one session out; answers its id (none when it had already ended). */
export function revokeSession(db: Database, sessionId: number): Promise<number[]> {
  return revokeWhere(db, eq(userSessions.id, sessionId));
}

/** Signs out every other device (after a password change or reset); answers their session ids. */
export function revokeOtherSessions(
  db: Database,
  userId: number,
  keepSessionId?: number,
): Promise<number[]> {
  return revokeWhere(
    db,
    and(
      eq(userSessions.userId, userId),
      keepSessionId === undefined ? undefined : ne(userSessions.id, keepSessionId),
    ),
  );
}

/** Whether a session is still signed in (the chat socket asks once it has joined its rooms). */
export async function isSessionActive(db: Database, sessionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)))
    .limit(1);
  return row !== undefined;
}

/** The token of an `X-Authorization: Bearer <token>` header (a request's or a socket's). */
export function bearerTokenOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** The bearer token of `X-Authorization: Bearer <token>`, if any. */
function bearerToken(request: FastifyRequest): string | undefined {
  return bearerTokenOf(request.headers['x-authorization']);
}

/** The signed-in user of a request, or undefined (no token, unknown, expired or revoked). */
export async function findSigned(
  db: Database,
  request: FastifyRequest,
): Promise<Signed | undefined> {
  return findSignedByToken(db, bearerToken(request));
}

/** The session an access token opens (the chat socket's handshake sends it), or undefined. */
export async function findSignedByToken(
  db: Database,
  token: string | undefined,
): Promise<Signed | undefined> {
  if (!token || token.length > 512) return undefined;
  const [row] = await db
    .select({ user: users, sessionId: userSessions.id, isAdminAuth: userSessions.isAdminAuth })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.accessHash, hashSecret(token)),
        isNull(userSessions.revokedAt),
        gt(userSessions.accessExpiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The caller of a call open to visitors, or undefined when no token was sent. A token that opens
 * no session (expired, ended) is a 401, so the client refreshes it and sends again, rather than
 * the call acting for a visitor: a traveller's booking sent with a stale token became a guest's.
 */
export async function findSignedOrVisitor(
  db: Database,
  request: FastifyRequest,
): Promise<Signed | undefined> {
  const token = bearerToken(request);
  if (token === undefined) return undefined;
  const signed = await findSignedByToken(db, token);
  if (!signed) throw unauthorized(SESSION_EXPIRED);
  return signed;
}

/** Like `findSigned`, but answers 401 when nobody is signed in. */
export async function requireSigned(db: Database, request: FastifyRequest): Promise<Signed> {
  const signed = await findSigned(db, request);
  if (!signed) throw unauthorized();
  return signed;
}
