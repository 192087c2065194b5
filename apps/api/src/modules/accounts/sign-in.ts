/**
 * Signing in (decisions: "Accounts and notifications"): with a password, a one-time code, a
 * one-time link, the e-mail confirmation link or a password reset link. Services over the
 * database that answer the signed-in user or the session's tokens with the profile; a refusal is
 * an `HttpError` (401, 422). Rate limits stay with the HTTP calls (`handlers.ts`).
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { HttpError, unprocessable } from '#src/http/http-error.ts';
import { claimGuestBookings } from '#src/modules/bookings/index.ts';
import {
  openSession,
  revokeOtherSessions,
  unauthorized,
  type Login,
  type SessionsEnded,
  type UserRow,
} from '#src/modules/sessions/index.ts';
import { verifyCode } from './codes.ts';
import { mergeFavourites } from './favourites.ts';
import {
  consumeLinkToken,
  createLinkToken,
  expiredLink,
  findAnyLinkToken,
  findLinkToken,
} from './links.ts';
import { sendEmailChanged, sendPasswordReset } from './mail.ts';
import { assertStrongPassword } from './password-strength.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { updateUser } from './profile.ts';
import { findUserById, findUserByLogin, toUserProfile } from './users.ts';

const INVALID_CREDENTIALS = 'Invalid login or password';

/** A new session's tokens and the profile, the answer of every sign-in. */
export async function startSession(
  db: Database,
  user: UserRow,
  options: { isAdminAuth?: boolean } = {},
) {
  const tokens = await openSession(db, user.id, options);
  return { ...tokens, user: await toUserProfile(db, user, options) };
}

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
 * A password sign-in once `checkPassword` passed: a password that just verified is stored again
 * with today's hash (an scrypt one becomes argon2id), unless it was changed in the meantime.
 */
export async function signInWithPassword(db: Database, user: UserRow, password: string) {
  if (needsRehash(user.passwordHash)) {
    const passwordHash = await hashPassword(password);
    await db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash!)));
  }
  return startSession(db, await updateUser(db, user.id, { lastActiveAt: new Date() }));
}

/** Signs in with a code: the code also proves the address, so it counts as confirmed. */
export async function signInWithCode(
  db: Database,
  login: Login,
  code: string,
  favourites: number[] | undefined,
): Promise<UserRow> {
  await verifyCode(db, { login: login.value, purpose: 'sign-in', code });
  const user = await findUserByLogin(db, login);
  if (!user) throw unprocessable('Invalid code', { code: ['Invalid code'] });
  const confirmed =
    login.kind === 'email'
      ? { emailConfirmedAt: user.emailConfirmedAt ?? new Date() }
      : { phoneConfirmedAt: user.phoneConfirmedAt ?? new Date() };
  const updated = await updateUser(db, user.id, { ...confirmed, lastActiveAt: new Date() });
  // The code proved the address: bookings made with it while signed out are the user's now.
  if (login.kind === 'email') {
    await claimGuestBookings(db, { userId: user.id, email: login.value });
  }
  await mergeFavourites(db, user.id, favourites);
  return updated;
}

/** The site's one-time sign-in link for `user` (the session is opened when it is followed). */
export async function signInLink(db: Database, user: UserRow, publicUrl: string) {
  const token = await createLinkToken(db, user.id, 'sign-in');
  const url = new URL('/login-via-token', publicUrl);
  url.searchParams.set('token', token);
  return url.href;
}

/** Follows a one-time sign-in link. */
export async function signInWithLink(db: Database, token: string) {
  const link = await consumeLinkToken(db, 'sign-in', token);
  const user = await findUserById(db, link.userId);
  if (!user) throw expiredLink();
  return startSession(db, user);
}

/**
 * Follows the e-mail confirmation link. The click that confirms the address signs in a visitor
 * without a session (`hasSession` false): that is how a registration ends. The link proves the
 * inbox, as a password reset link does.
 */
export async function confirmEmail(
  db: Database,
  token: string,
  hasSession: () => Promise<boolean>,
  publicUrl: string,
) {
  const link = await consumeLinkToken(db, 'confirm-email', token).catch(async (error) => {
    // Clicked again after it worked: still "confirmed" while the address is the link's.
    const spent = await findAnyLinkToken(db, 'confirm-email', token);
    const owner = spent?.usedAt ? await findUserById(db, spent.userId) : undefined;
    if (owner?.emailConfirmedAt && owner.email === spent?.email) return spent!;
    throw error;
  });
  const user = await findUserById(db, link.userId);
  if (!user || !link.email) throw expiredLink();
  if (user.email !== link.email) {
    // The link of a change (`changeEmail`): the address waiting is the link's, else another
    // change replaced it.
    if (user.pendingEmail !== link.email) throw expiredLink();
    return moveToEmail(db, user, link.email, publicUrl);
  }
  const confirmed = await updateUser(db, user.id, {
    emailConfirmedAt: user.emailConfirmedAt ?? new Date(),
  });
  await claimGuestBookings(db, { userId: user.id, email: link.email });
  const profile = await toUserProfile(db, confirmed);
  if (user.emailConfirmedAt || (await hasSession())) return profile;
  return { ...profile, ...(await openSession(db, user.id)) };
}

/** Another account has the address the link proves; its inbox's owner may know. */
const EMAIL_TAKEN_AT_CONFIRMATION =
  'Another Gallop account uses this email address now, so your account keeps its email';

/**
 * The account moves to the address its change link proved: it becomes the account's e-mail,
 * confirmed, and the previous address is told (with the new one masked). A session is not
 * opened: the account had an address before, and whoever holds it signs in as usual.
 */
async function moveToEmail(db: Database, user: UserRow, email: string, publicUrl: string) {
  let moved: UserRow;
  try {
    moved = await updateUser(db, user.id, {
      email,
      pendingEmail: null,
      emailConfirmedAt: new Date(),
    });
  } catch (error) {
    // The address was taken since the change was asked (the unique index answers 422).
    if (!(error instanceof HttpError && error.statusCode === 422)) throw error;
    await updateUser(db, user.id, { pendingEmail: null });
    throw unprocessable(EMAIL_TAKEN_AT_CONFIRMATION, { email: [EMAIL_TAKEN_AT_CONFIRMATION] });
  }
  await sendEmailChanged(db, user, email, publicUrl);
  await claimGuestBookings(db, { userId: user.id, email });
  return toUserProfile(db, moved);
}

/** Mails a reset link to an account's address; the same (nothing) for an unknown one. */
export async function recoverPassword(db: Database, email: string, publicUrl: string) {
  const user = await findUserByLogin(db, { kind: 'email', value: email });
  if (user) await sendPasswordReset(db, user, publicUrl);
}

/** 422 (expired link) unless the reset link is still good. */
export async function checkResetLink(db: Database, token: string): Promise<void> {
  if (!(await findLinkToken(db, 'reset-password', token))) throw expiredLink();
}

/**
 * Follows a password reset link with the new password: the other sessions end, the address
 * counts as proven (the link came to the inbox), and a new session starts.
 */
export async function resetPassword(
  db: Database,
  { token, password }: { token: string; password: string },
  sessionsEnded: SessionsEnded,
) {
  // The link is checked before the memory-hard hash: a made-up token costs one indexed
  // lookup, not a hash (120 such requests at once slowed real sign-ins from 0.5 s to 37 s).
  const pending = await findLinkToken(db, 'reset-password', token);
  if (!pending) throw expiredLink();
  await assertStrongPassword(password, await findUserById(db, pending.userId));
  const passwordHash = await hashPassword(password);
  const link = await consumeLinkToken(db, 'reset-password', token);
  sessionsEnded(await revokeOtherSessions(db, link.userId));
  const user = await findUserById(db, link.userId);
  if (!user) throw expiredLink();
  const updated = await updateUser(db, user.id, {
    passwordHash,
    emailConfirmedAt: user.emailConfirmedAt ?? new Date(),
  });
  return startSession(db, updated);
}
