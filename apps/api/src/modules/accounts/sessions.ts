/**
 * Signed-in sessions with opaque tokens (decision 023): a short-lived access token sent as
 * `X-Authorization: Bearer <token>`, and a refresh token that rotates on every use. Only their
 * SHA-256 hashes are stored, so a database leak reveals no usable token, and sign-out or a
 * revoked session takes effect on the very next call.
 */
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { users, userSessions } from '#src/db/schema/index.ts';
import { HttpError } from '#src/http/http-error.ts';
import { hashSecret, randomToken } from './secrets.ts';

export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

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

/** Rotates both tokens of the session the refresh token belongs to; 401 when it is not valid. */
export async function refreshSession(db: Database, refreshToken: string): Promise<IssuedTokens> {
  const now = Date.now();
  const { issued, stored } = freshTokens(now);
  // One statement: two concurrent refreshes with the same token cannot both succeed.
  const [rotated] = await db
    .update(userSessions)
    .set(stored)
    .where(
      and(
        eq(userSessions.refreshHash, hashSecret(refreshToken)),
        isNull(userSessions.revokedAt),
        gt(userSessions.refreshExpiresAt, new Date(now)),
      ),
    )
    .returning({ id: userSessions.id });
  if (!rotated) throw unauthorized('The session has expired. Please sign in again.');
  return issued;
}

export async function revokeSession(db: Database, sessionId: number): Promise<void> {
  await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(eq(userSessions.id, sessionId));
}

/** Signs out every other device (after a password change or reset). */
export async function revokeOtherSessions(
  db: Database,
  userId: number,
  keepSessionId?: number,
): Promise<void> {
  await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(userSessions.id, keepSessionId),
      ),
    );
}

/** The bearer token of `X-Authorization: Bearer <token>`, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers['x-authorization'];
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
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

/** Like `findSigned`, but answers 401 when nobody is signed in. */
export async function requireSigned(db: Database, request: FastifyRequest): Promise<Signed> {
  const signed = await findSigned(db, request);
  if (!signed) throw unauthorized();
  return signed;
}
