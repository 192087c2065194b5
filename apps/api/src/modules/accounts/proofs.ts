/**
 * Proving a login (decision 147): a one-time code or link shows that someone holds an address or a
 * phone, and the account that has it unconfirmed becomes theirs.
 *
 * Proven from outside the account (a sign-in code, or the e-mail link opened signed out or in
 * another account's session), the proof cannot tell the login's owner from whoever put the login
 * on the account before (someone who registered another person's address with a password of their
 * own, then waited for that person's bookings). So what that earlier holder may have set up ends
 * first: every session, the reset and sign-in links, a phone confirmed through one of those
 * sessions and, for a code, the password. The registration link keeps the password: it is how
 * every password registration ends (the web signs nobody in before it), often on another device,
 * and the registrant chose that password: from outside, the link confirms only with it, or with
 * "I did not create this account", which clears it (`confirmation-link.ts`, decision 151). Proven in
 * a session of the account itself, nothing ends, except that a move to another address ends the
 * reset and sign-in links either way (decision 172): they belonged to the previous address. A
 * login already confirmed proves nothing new.
 *
 * A phone has one owner: the account that confirms it. Its confirmation drops every other
 * account's unconfirmed claim of the number, under a lock per number, so two accounts confirming
 * one number at once end with one owner.
 */
import { and, eq, isNull, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { unprocessable } from '#src/http/http-error.ts';
import {
  revokeOtherSessions,
  type Login,
  type SessionsEnded,
  type UserRow,
} from '#src/modules/sessions/index.ts';
import { voidLinks, type LinkKind } from './links.ts';
import { holdsLogin, isUniqueViolation, PHONE_TAKEN } from './users.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface Proof {
  /** The proof came from a session of the account itself: nothing of before ends. */
  ownSession: boolean;
  /** The registration link proved it: the password chosen at registration stays. */
  keepsPassword?: boolean;
  /** Hears of the sessions a proof from outside ended (their sockets close). */
  sessionsEnded: SessionsEnded;
  /**
   * Uses up what proves the login (a sign-in code: `useCode`) under the account's row lock, first,
   * so that a new password set before (`setPassword`, which ends the codes under the same lock)
   * leaves it nothing to prove; throws when it no longer works.
   */
  use?: (tx: Transaction) => Promise<void>;
}

/**
 * The user's row, locked until the transaction ends: a proof and a password sign-in of one account
 * run one after the other, so no session opened with the password outlives its clearing.
 */
export async function lockUser(tx: Transaction, userId: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** Confirmations of one number wait for each other (taken before any user row's lock). */
async function lockPhone(tx: Transaction, phone: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone:${phone}`}))`);
}

/** The links that sign in or set a password by the account's address (ended when it changes). */
const ADDRESS_LINKS: LinkKind[] = ['reset-password', 'sign-in'];

/**
 * Ends what the account's earlier holder may have set up (see the module's comment); answers the
 * sessions ended. A phone confirmed before the address was proven keeps its number, as a claim.
 */
async function endEarlierHold(
  tx: Transaction,
  userId: number,
  proven: Login['kind'],
  keepsPassword: boolean,
) {
  const ended = {
    ...(keepsPassword ? {} : { passwordHash: null }),
    ...(proven === 'email' ? { phoneConfirmedAt: null } : {}),
  };
  if (Object.keys(ended).length > 0) {
    await tx.update(users).set(ended).where(eq(users.id, userId));
  }
  await voidLinks(tx, userId, ADDRESS_LINKS);
  return revokeOtherSessions(tx, userId);
}

const phoneTaken = () => unprocessable(PHONE_TAKEN, { phone: [PHONE_TAKEN] });

/**
 * Marks `login` of account `userId` as proven (see the module's comment). Answers the account
 * after it, as it is under the row lock (its password then: `signInWithCode`), undefined when
 * it no longer has the login (another account confirmed the phone, or the address changed,
 * since the code was sent); 422 when another account owns the phone.
 */
export async function proveLogin(
  db: Database,
  userId: number,
  login: Login,
  { ownSession, keepsPassword = false, sessionsEnded, use }: Proof,
): Promise<UserRow | undefined> {
  let ended: number[] = [];
  const proven = await db.transaction(async (tx) => {
    if (login.kind === 'phone') await lockPhone(tx, login.value);
    const current = await lockUser(tx, userId);
    await use?.(tx);
    if (!current || !holdsLogin(current, login)) return undefined;
    const confirmedAt =
      login.kind === 'email' ? current.emailConfirmedAt : current.phoneConfirmedAt;
    if (confirmedAt) return current;
    const now = new Date();
    if (login.kind === 'phone') {
      const [owner] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.phone, login.value),
            isNotNull(users.phoneConfirmedAt),
            ne(users.id, userId),
          ),
        )
        .limit(1);
      if (owner) throw phoneTaken();
    }
    if (!ownSession) ended = await endEarlierHold(tx, userId, login.kind, keepsPassword);
    const [updated] = await tx
      .update(users)
      .set(
        login.kind === 'email'
          ? { emailConfirmedAt: now, updatedAt: now }
          : { phoneConfirmedAt: now, updatedAt: now },
      )
      .where(eq(users.id, userId))
      .returning();
    if (login.kind === 'phone') {
      await tx
        .update(users)
        .set({ phone: null, updatedAt: now })
        .where(
          and(eq(users.phone, login.value), isNull(users.phoneConfirmedAt), ne(users.id, userId)),
        );
    }
    return updated;
  });
  sessionsEnded(ended);
  return proven;
}

/** Another account has the address a change's link proves; its inbox's owner may know. */
const EMAIL_TAKEN_AT_CONFIRMATION =
  'Another Gallop account uses this email address now, so your account keeps its email';

/**
 * The account moves to `email`, the address its change's link proved (decision 141): it becomes
 * the account's, confirmed, the same proof as `proveLogin`'s, and the outstanding reset and
 * sign-in links end in the same transaction, whoever opened the link (decision 172). Undefined when the address no longer
 * waits (another change replaced it); 422 when another account took the address meanwhile (the
 * change is then dropped).
 */
export async function proveNewEmail(
  db: Database,
  userId: number,
  email: string,
  { ownSession, keepsPassword = false, sessionsEnded }: Proof,
): Promise<UserRow | undefined> {
  let ended: number[] = [];
  try {
    const moved = await db.transaction(async (tx) => {
      const current = await lockUser(tx, userId);
      if (current?.pendingEmail !== email) return undefined;
      // The previous address's links end with the move, in the owner's own session too: a reset
      // link in the old inbox must not take the account back (decision 172).
      if (!ownSession) ended = await endEarlierHold(tx, userId, 'email', keepsPassword);
      else await voidLinks(tx, userId, ADDRESS_LINKS);
      const now = new Date();
      const [updated] = await tx
        .update(users)
        .set({ email, pendingEmail: null, emailConfirmedAt: now, updatedAt: now })
        .where(eq(users.id, userId))
        .returning();
      return updated;
    });
    sessionsEnded(ended);
    return moved;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await db.update(users).set({ pendingEmail: null }).where(eq(users.id, userId));
    throw unprocessable(EMAIL_TAKEN_AT_CONFIRMATION, { email: [EMAIL_TAKEN_AT_CONFIRMATION] });
  }
}
