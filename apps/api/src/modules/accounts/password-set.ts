/**
 * A password set by a reset link or in the settings takes the account back (decision 190): whoever held it before must not keep a way in
 * that skips the password. So, in one transaction under the account's row lock, the new password
 * is stored and every such way of before ends: the other sessions, the one-time sign-in links
 * (`redirect-auth-via-code` answers one), the reset links, the sign-in codes, and a waiting
 * address change with its link (a session of before may have asked it for an inbox of its own),
 * and the messenger links with their connection codes (a session of before may have linked a
 * messenger of its own, where the account's chat replies then went on arriving: decision 198,
 * amending 190). The bot redeems a connection code under a share lock of the same row
 * (`chat/bots.ts`), so a code redeemed while the password is set either links before (and the
 * link ends here) or finds the code ended.
 *
 * What stays: a registration's confirmation link (it confirms the address the account has, and
 * from outside asks for the password: `confirmation-link.ts`) and phone codes (only a session of
 * the account confirms with them, and the other sessions end here).
 *
 * A sign-in link is used up and its session opened under the same row lock (`signInWithLink`), so
 * a link followed while a password is set either opens its session before (and the session ends
 * here) or finds the link ended. A sign-in code likewise is used up, and its session opened (or
 * its one-time link stored), under this lock, only while the password is the one of when the code
 * was used (`signInWithCode`, `startCodeSession`).
 *
 * Every session a proof opens opens in a transaction under this lock: a reset's own session in
 * the transaction that sets its password (`openSession` below), and a session opened after a
 * proof only while the password is still the one the proof went with (`whilePasswordIs`: a code,
 * a registration's link). So a session either exists before a new password, which ends it, or
 * belongs to that password (decision 203).
 *
 * A change in the settings checks its session and the current password before the lock; it sets
 * its password only if, under the lock, that session is still signed in and the password is still
 * the one it checked (`expectedHash`): a reset that committed in between ended the session, and a
 * thief holding it and the old password must not overwrite the owner's new password (decision 205).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { chatConnectionCodes, chatMessengerLinks, users } from '#src/db/schema/index.ts';
import {
  isSessionActive,
  openSession,
  revokeOtherSessions,
  type UserRow,
} from '#src/modules/sessions/index.ts';
import { voidCodes } from './codes.ts';
import { voidChangeLinks, voidLinks } from './links.ts';
import { lockUser } from './proofs.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface PasswordSet {
  /** The account with its new password. */
  user: UserRow;
  /** The sessions that ended (their sockets close: `SessionsEnded`). */
  ended: number[];
  /** The session `openSession` asked for, opened with the new password. */
  session?: Awaited<ReturnType<typeof openSession>> | undefined;
}

/** Why `setPassword` with `expectedHash` set nothing: what was checked before no longer holds. */
interface StaleProof {
  stale: 'session ended' | 'password changed';
}

interface SetOptions {
  keepSessionId?: number;
  openSession?: boolean;
}

/**
 * Stores `passwordHash` for account `userId` and ends its ways in of before (see the module's
 * comment); `keepSessionId`, the session that changed it in the settings, stays signed in.
 * `openSession` (a reset) opens a new session in the same transaction, once the others ended: a
 * password set after this one ends it too.
 *
 * With `expectedHash` (a change in the settings, which checked its session and the current
 * password before), the password is set only if, under the row lock, `keepSessionId` is still
 * signed in and the account's password is still `expectedHash`; otherwise nothing changes and the
 * answer says which no longer held (`'session ended'` first: a reset ends every other session).
 */
export function setPassword(
  db: Database,
  userId: number,
  passwordHash: string,
  options: SetOptions & { expectedHash: string | null },
): Promise<PasswordSet | StaleProof>;
export function setPassword(
  db: Database,
  userId: number,
  passwordHash: string,
  options?: SetOptions,
): Promise<PasswordSet>;
export async function setPassword(
  db: Database,
  userId: number,
  passwordHash: string,
  {
    keepSessionId,
    openSession: opens = false,
    expectedHash,
  }: SetOptions & { expectedHash?: string | null } = {},
): Promise<PasswordSet | StaleProof> {
  return db.transaction(async (tx) => {
    const current = await lockUser(tx, userId);
    if (expectedHash !== undefined) {
      if (keepSessionId !== undefined && !(await isSessionActive(tx, keepSessionId))) {
        return { stale: 'session ended' } as const;
      }
      if (!current || current.passwordHash !== expectedHash) {
        return { stale: 'password changed' } as const;
      }
    }
    await voidLinks(tx, userId, ['reset-password', 'sign-in']);
    await voidChangeLinks(tx, userId, current?.email ?? null);
    await voidCodes(tx, userId, 'sign-in');
    const now = new Date();
    await tx
      .update(chatConnectionCodes)
      .set({ usedAt: now })
      .where(and(eq(chatConnectionCodes.userId, userId), isNull(chatConnectionCodes.usedAt)));
    await tx.delete(chatMessengerLinks).where(eq(chatMessengerLinks.userId, userId));
    const ended = await revokeOtherSessions(tx, userId, keepSessionId);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, pendingEmail: null, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    return { user: user!, ended, session: opens ? await openSession(tx, userId) : undefined };
  });
}

/**
 * Runs `open` under the account's row lock, the lock a password is set under (`setPassword`),
 * only while the account's password is still `passwordHash` (the one a proof went with); answers
 * undefined, opening nothing, once another was set (or the account is gone). What `open` opens
 * then either exists before a new password, which ends it, or not at all.
 */
export async function whilePasswordIs<T>(
  db: Database,
  userId: number,
  passwordHash: string | null,
  open: (tx: Transaction) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const current = await lockUser(tx, userId);
    if (!current || current.passwordHash !== passwordHash) return undefined;
    return open(tx);
  });
}
