/**
 * Signing in (decisions: "Accounts and notifications"): with a password, a one-time code, a
 * one-time link or a password reset link (the e-mail confirmation link: `confirmation-link.ts`). Services over the
 * database that answer the signed-in user or the session's tokens with the profile; a refusal is
 * an `HttpError` (401, 422). Rate limits stay with the HTTP calls (`handlers.ts`).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { claimGuestBookings, type ClaimSite } from '#src/modules/bookings/index.ts';
import {
  openSession,
  unauthorized,
  type Login,
  type SessionsEnded,
  type UserRow,
} from '#src/modules/sessions/index.ts';
import { checkCode, expiredCode, invalidCode, useCode } from './codes.ts';
import { mergeFavourites } from './favourites.ts';
import {
  consumeLinkToken,
  consumeResetLink,
  createLinkToken,
  expiredLink,
  findLinkToken,
} from './links.ts';
import { sendPasswordReset } from './mail.ts';
import { assertStrongPassword } from './password-strength.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { setPassword, whilePasswordIs } from './password-set.ts';
import { lockUser, proveLogin } from './proofs.ts';
import { findUserById, findUserByLogin, toUserProfile } from './users.ts';

const INVALID_CREDENTIALS = 'Invalid login or password';

/**
 * The account a login and password name; 401 with the same message (and a hash's worth of time)
 * whether the login or the password is wrong.
 */
export async function checkPassword(
  db: Database,
  login: Login | undefined,
  password: string,
): Promise<UserRow> {
  const user = login ? await findUserByLogin(db, login) : undefined;
  const matches = await verifyPassword(password, user?.passwordHash ?? null);
  if (!user || !matches) throw unauthorized(INVALID_CREDENTIALS);
  return user;
}

/**
 * A session starts for `user` without a new proof of its address (a password, a sign-in link): an
 * e-mail the account has confirmed was proven already, so the bookings made signed out with it
 * join the account now, as at a code sign-in (`claimGuestBookings`: the same locks, a date they
 * complete runs, everyone told once). Before the session opens, as there: a claim that fails (a
 * 409 to retry) opens none. A phone proves no e-mail: an account that confirmed its phone alone
 * joins nothing (its waiting riders counted from the phone's proof on, decision 185).
 */
async function claimConfirmedEmail(db: Database, user: UserRow, site: ClaimSite) {
  if (user.email === null || user.emailConfirmedAt === null) return;
  await claimGuestBookings(db, { userId: user.id, email: user.email, ...site });
}

/**
 * A password sign-in once `checkPassword` passed: a password that just verified is stored again
 * with today's hash (an scrypt one becomes argon2id). The session opens under the account's row
 * lock, only while the password checked is still the account's: a proof of the address that
 * cleared it meanwhile (decision 147), or a new password, leaves this sign-in a 401. The
 * confirmed e-mail's guest bookings join the account first (`claimConfirmedEmail`).
 */
export async function signInWithPassword(
  db: Database,
  user: UserRow,
  password: string,
  site: ClaimSite,
) {
  const rehashed = needsRehash(user.passwordHash) ? await hashPassword(password) : undefined;
  await claimConfirmedEmail(db, user, site);
  const opened = await db.transaction(async (tx) => {
    const current = await lockUser(tx, user.id);
    if (!current?.passwordHash || current.passwordHash !== user.passwordHash) return undefined;
    const now = new Date();
    const [updated] = await tx
      .update(users)
      .set({ lastActiveAt: now, updatedAt: now, ...(rehashed ? { passwordHash: rehashed } : {}) })
      .where(eq(users.id, user.id))
      .returning();
    return { user: updated!, tokens: await openSession(tx, user.id) };
  });
  if (!opened) throw unauthorized(INVALID_CREDENTIALS);
  return { ...opened.tokens, user: await toUserProfile(db, opened.user) };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Signs in with a code, to the account it was sent for. The code proves the login (`proveLogin`:
 * from outside the account, so what an earlier holder set up ends first); only then do the
 * bookings made signed out with the address join the account. Answers the account as it was
 * when the code was used up, under its row lock (`useCode` in the proof): what the code opens
 * next (`startCodeSession`, `signInLink`) opens only while the account's password is still the
 * one it had then. A code a new password ended (`setPassword`) is a 422 "expired".
 */
export async function signInWithCode(
  db: Database,
  login: Login,
  { code, address }: { code: string; address: string },
  favourites: number[] | undefined,
  sessionsEnded: SessionsEnded,
  site: ClaimSite,
): Promise<UserRow> {
  const checked = await checkCode(db, { login: login.value, purpose: 'sign-in', code, address });
  const use = async (tx: Pick<Database, 'update'>) => {
    if (!(await useCode(tx, checked))) throw expiredCode();
  };
  if (checked.userId === null) {
    // A code stored for a login without an account is used up all the same, and opens nothing.
    await use(db);
    throw invalidCode();
  }
  const proof = { ownSession: false, sessionsEnded, use };
  const proven = await proveLogin(db, checked.userId, login, proof);
  if (!proven) throw invalidCode();
  // An e-mail's guest bookings join the account; either proof makes its waiting riders count.
  await claimGuestBookings(db, {
    userId: proven.id,
    email: login.kind === 'email' ? login.value : null,
    ...site,
  });
  await mergeFavourites(db, proven.id, favourites);
  return proven;
}

/**
 * Runs `open` for an account a code signed in to (`signInWithCode`'s answer) under the account's
 * row lock, the lock a new password is set under, only while the account's password is still
 * `proven`'s (`whilePasswordIs`): a password set since the code was used ended every way in of
 * before, this one too (422, as an ended code). So what opens either opens before the new
 * password, which then ends it, or not at all. The account is marked active.
 */
async function whilePasswordOfCode<T>(
  db: Database,
  proven: UserRow,
  open: (tx: Transaction, user: UserRow) => Promise<T>,
): Promise<{ user: UserRow; opened: T }> {
  const opened = await whilePasswordIs(db, proven.id, proven.passwordHash, async (tx) => {
    const now = new Date();
    const [user] = await tx
      .update(users)
      .set({ lastActiveAt: now, updatedAt: now })
      .where(eq(users.id, proven.id))
      .returning();
    return { user: user!, opened: await open(tx, user!) };
  });
  if (!opened) throw expiredCode();
  return opened;
}

/**
 * The session a code signed in to (`signInWithCode`), opened while the account's password is
 * still the one of then (`whilePasswordOfCode`).
 */
export async function startCodeSession(db: Database, proven: UserRow) {
  const { user, opened } = await whilePasswordOfCode(db, proven, (tx) =>
    openSession(tx, proven.id),
  );
  return { ...opened, user: await toUserProfile(db, user) };
}

/**
 * The site's one-time sign-in link for `user` (the session is opened when it is followed), stored
 * only while the account's password is still `user`'s (`whilePasswordOfCode`): a link stored
 * after a new password would outlive it (`setPassword` ends the links there were).
 */
export async function signInLink(db: Database, user: UserRow, publicUrl: string) {
  const { opened: token } = await whilePasswordOfCode(db, user, (tx) =>
    createLinkToken(tx, user.id, 'sign-in'),
  );
  const url = new URL('/login-via-token', publicUrl);
  url.searchParams.set('token', token);
  return url.href;
}

/**
 * Follows a one-time sign-in link. The link is used up and the session opened under the account's
 * row lock, the lock a new password is set under (`setPassword`): a link followed while the
 * password is reset or changed opens a session that the new password then ends, or finds the link
 * ended (410). The confirmed e-mail's guest bookings join the account first
 * (`claimConfirmedEmail`): any booked since the code sign-in that minted the link.
 */
export async function signInWithLink(db: Database, token: string, site: ClaimSite) {
  const pending = await findLinkToken(db, 'sign-in', token);
  if (!pending) throw expiredLink();
  const owner = await findUserById(db, pending.userId);
  if (owner) await claimConfirmedEmail(db, owner, site);
  const opened = await db.transaction(async (tx) => {
    const user = await lockUser(tx, pending.userId);
    await consumeLinkToken(tx, 'sign-in', token);
    if (!user) throw expiredLink();
    return { user, tokens: await openSession(tx, user.id) };
  });
  return { ...opened.tokens, user: await toUserProfile(db, opened.user) };
}

/**
 * Mails a reset link to an account's address; nothing to an unknown one, after the same work
 * (`sendPasswordReset`: the same statements in one transaction, no account enumeration).
 */
export async function recoverPassword(db: Database, email: string, publicUrl: string) {
  await sendPasswordReset(db, email, publicUrl);
}

/**
 * Whether a reset link went to the account's address as it is now (decision 172): a link mailed to
 * an address the account has since moved away from is the old inbox's, not the owner's. A link of
 * before the binding (no address kept) counts as sent elsewhere.
 */
const sentToCurrentAddress = (
  link: { email: string | null },
  user: UserRow | undefined,
): user is UserRow => user !== undefined && link.email !== null && link.email === user.email;

/**
 * The outstanding reset link `token` and its account; 410 (expired link) when it is unknown,
 * used, expired, or was sent to an address that is no longer the account's.
 */
async function resetLinkOf(db: Database, token: string) {
  const link = await findLinkToken(db, 'reset-password', token);
  const user = link ? await findUserById(db, link.userId) : undefined;
  if (!link || !user || !sentToCurrentAddress(link, user)) throw expiredLink();
  return { link, user };
}

/** 410 (expired link) unless the reset link is still good (`resetLinkOf`). */
export async function checkResetLink(db: Database, token: string): Promise<void> {
  await resetLinkOf(db, token);
}

/**
 * Follows a password reset link with the new password: the link and every other reset link of the
 * account are used up, the address counts as proven from outside (`proveLogin`: the link came to
 * the inbox), every session and every other way in of before ends (`setPassword`: sign-in links
 * and codes, a waiting address change), and a new session starts, in the transaction that sets
 * the password: a password set after it (a second reset, a change in the settings) ends it too.
 * A link sent to an address the account no longer has is a 410 (`resetLinkOf`, decision 172).
 */
export async function resetPassword(
  db: Database,
  { token, password }: { token: string; password: string },
  sessionsEnded: SessionsEnded,
  site: ClaimSite,
) {
  // The link is checked before the memory-hard hash: a made-up token costs one indexed
  // lookup, not a hash (120 such requests at once slowed real sign-ins from 0.5 s to 37 s).
  const pending = await resetLinkOf(db, token);
  await assertStrongPassword(password, pending.user);
  const passwordHash = await hashPassword(password);
  const link = await consumeResetLink(db, pending.user.id, token);
  // Checked again once used: a move proven meanwhile ends the links under the account's lock
  // (`proveNewEmail`), and one that committed after the check above shows here.
  const user = await findUserById(db, link.userId);
  if (!sentToCurrentAddress(link, user)) throw expiredLink();
  if (user.email) {
    await proveLogin(
      db,
      user.id,
      { kind: 'email', value: user.email },
      {
        ownSession: false,
        sessionsEnded,
      },
    );
    // The link came to the inbox: the address is proven, as by a code (decision 185).
    await claimGuestBookings(db, { userId: user.id, email: user.email, ...site });
  }
  const set = await setPassword(db, user.id, passwordHash, { openSession: true });
  sessionsEnded(set.ended);
  return { ...set.session!, user: await toUserProfile(db, set.user) };
}
