/**
 * The e-mail confirmation link (decisions 147 and 151). The link proves the inbox; it does not
 * prove who chose the account's password. Opened in a session of the link's account it confirms
 * at once. Opened signed out or in another account's session, a link that would confirm the
 * address of an account with a password asks for that password first (`PasswordAsked`): someone
 * who registered another person's address with a password of their own must not get a confirmed
 * account when that person clicks. The opener answers with the password (the registrant on
 * another device: confirmed, signed in as before), or with "I did not create this account"
 * (`notMine`): the address is confirmed as theirs, the registrant's password is cleared and
 * every session and link of the account ends (`proveLogin` from outside), and they set a password
 * of their own. A change's link (decision 141) cannot be answered so: the address is simply not
 * added without the account's password.
 *
 * The link is checked first and used up only by the call that acts, in one statement
 * (`consumeLinkToken`): a wrong password leaves it usable, and of calls racing for it one acts.
 *
 * The session a link opens for a visitor signed out opens only while the account's password is
 * still the one the link went with (`signedInByLink`): a password set meanwhile (a reset, a
 * change in the settings) ended every session of before, and this one must not come after it.
 */
import type { Database } from '#src/db/client.ts';
import { HttpError, unprocessable } from '#src/http/http-error.ts';
import { claimGuestBookings, type ClaimSite } from '#src/modules/bookings/index.ts';
import { openSession, type SessionsEnded, type UserRow } from '#src/modules/sessions/index.ts';
import { consumeLinkToken, expiredLink, findLinkToken, findUsedLinkToken } from './links.ts';
import { sendEmailChanged } from './mail.ts';
import { isPasswordGuessRight, type PasswordGuesses } from './passwords.ts';
import { whilePasswordIs } from './password-set.ts';
import { proveLogin, proveNewEmail } from './proofs.ts';
import { findUserById, toUserProfile } from './users.ts';

/** Which link asks for a password: a registration's or an e-mail change's. */
export type ChallengedLink = 'registration' | 'change';

const ASKED: Record<ChallengedLink, string> = {
  registration: 'Enter the password you chose when you registered',
  change: 'Enter the password of your Gallop account to add this address to it',
};
const WRONG_PASSWORD = 'Wrong password';
const NOT_MINE_FOR_A_CHANGE =
  'This link adds the address to an existing account. If you did not ask for it, ignore it: the address is not added without that account’s password.';

/**
 * The 403 of a link that does not confirm by itself: the handler answers it as the contract's
 * `PasswordChallenge` (`link` names which password is asked).
 */
export class PasswordAsked extends HttpError {
  constructor(readonly link: ChallengedLink) {
    super(403, ASKED[link], { password: [ASKED[link]] });
    this.name = 'PasswordAsked';
  }
}

export interface ConfirmationAnswer {
  /** The account's password, when a `PasswordAsked` asked for it. */
  password?: string | undefined;
  /** "I did not create this account": the registration's address becomes the opener's. */
  notMine?: boolean | undefined;
}

export interface ConfirmationContext {
  /** The signed-in caller's account, if any. */
  callerId: () => Promise<number | undefined>;
  sessionsEnded: SessionsEnded;
  publicUrl: string;
  /** Hours a booking its date's guarantee confirms has to pay (`claimGuestBookings`). */
  holdHours: number;
  guesses: PasswordGuesses;
}

/**
 * The link that would confirm something of an account with a password, from outside it: a
 * registration's address not confirmed yet, or the waiting address of a change. Undefined when
 * nothing is asked (no password to ask, or a link that confirms nothing new).
 */
function challengedLink(user: UserRow, linkEmail: string): ChallengedLink | undefined {
  if (!user.passwordHash) return undefined;
  if (user.email !== linkEmail) return user.pendingEmail === linkEmail ? 'change' : undefined;
  return user.emailConfirmedAt ? undefined : 'registration';
}

/**
 * Follows the confirmation link (see the module's comment). Then the address's guest bookings
 * join the account. The click that confirms a registration's address signs in a visitor without
 * a session: that is how a registration ends.
 */
export async function confirmEmail(
  db: Database,
  token: string,
  answer: ConfirmationAnswer,
  { callerId, sessionsEnded, publicUrl, holdHours, guesses }: ConfirmationContext,
) {
  const caller = await callerId();
  const pending = await findLinkToken(db, 'confirm-email', token);
  if (!pending) return reopenedConfirmation(db, token, caller);
  const user = await findUserById(db, pending.userId);
  if (!user || !pending.email) throw expiredLink();
  const ownSession = caller === user.id;
  const challenge = ownSession ? undefined : challengedLink(user, pending.email);
  // "Not mine" answers a registration's question; where nothing is asked (the account's own
  // session, no password to clear) the link confirms as it would without it.
  if (answer.notMine && challenge === 'registration') {
    return disownRegistration(db, token, user, { caller, sessionsEnded, publicUrl, holdHours });
  }
  if (answer.notMine && challenge === 'change') {
    throw unprocessable(NOT_MINE_FOR_A_CHANGE, { not_mine: [NOT_MINE_FOR_A_CHANGE] });
  }
  if (challenge) await checkAccountPassword(user, challenge, answer.password, guesses);

  const link = await consumeLinkToken(db, 'confirm-email', token).catch(() => undefined);
  if (!link) return reopenedConfirmation(db, token, caller);
  // A link keeps the password: see `proveLogin` and decision 147.
  const proof = { ownSession, keepsPassword: true, sessionsEnded };
  // The link of a change (`changeEmail`) when the address is not the account's yet.
  const moving = user.email !== pending.email;
  const proven = moving
    ? await proveNewEmail(db, user.id, pending.email, proof)
    : await proveLogin(db, user.id, { kind: 'email', value: pending.email }, proof);
  if (!proven) throw expiredLink();
  // A change is told to the previous address; a session is not opened: whoever holds the
  // account signs in as usual.
  if (moving) await sendEmailChanged(db, user, pending.email, publicUrl);
  await claimGuestBookings(db, { userId: user.id, email: pending.email, publicUrl, holdHours });
  const profile = await toUserProfile(db, proven);
  if (moving || user.emailConfirmedAt || caller !== undefined) return profile;
  // The password the link was checked with (or asked none for).
  return signedInByLink(db, profile, user.id, user.passwordHash);
}

/**
 * The answer of a link that signs a visitor in: `profile` with a new session, opened under the
 * account's row lock only while its password is still `passwordHash`, the one the link went with
 * (`whilePasswordIs`). Once another was set meanwhile (a reset, a change in the settings, which
 * ended every session of before), the profile alone: the address is confirmed all the same, and
 * whoever holds the account signs in with the password it has now.
 */
async function signedInByLink<Profile extends object>(
  db: Database,
  profile: Profile,
  userId: number,
  passwordHash: string | null,
) {
  const tokens = await whilePasswordIs(db, userId, passwordHash, (tx) => openSession(tx, userId));
  return tokens ? { ...profile, ...tokens } : profile;
}

/**
 * 403 `PasswordAsked` without a password; 422 on `password` for a wrong one (the link stays
 * usable), counted per account by `guesses` (429 past its limit).
 */
async function checkAccountPassword(
  user: UserRow,
  challenge: ChallengedLink,
  password: string | undefined,
  guesses: PasswordGuesses,
) {
  if (password === undefined || password === '') throw new PasswordAsked(challenge);
  if (!(await isPasswordGuessRight(user, password, guesses))) {
    throw unprocessable(WRONG_PASSWORD, { password: [WRONG_PASSWORD] });
  }
}

/**
 * "I did not create this account", on a registration's link: the link is used up, and the proof
 * from outside (`proveLogin`, the password not kept) clears the registrant's password, ends every
 * session and the reset and sign-in links, and confirms the address. The opener, signed out, is
 * signed in to set a password of their own (unless a password was set meanwhile:
 * `signedInByLink`); signed in to another account, they use a reset link.
 */
async function disownRegistration(
  db: Database,
  token: string,
  user: UserRow,
  {
    caller,
    sessionsEnded,
    publicUrl,
    holdHours,
  }: { caller: number | undefined; sessionsEnded: SessionsEnded } & ClaimSite,
) {
  const link = await consumeLinkToken(db, 'confirm-email', token);
  const login = { kind: 'email', value: link.email! } as const;
  const proof = { ownSession: false, keepsPassword: false, sessionsEnded };
  const proven = await proveLogin(db, user.id, login, proof);
  // A password left means the address was confirmed meanwhile (a code sign-in): nothing to
  // disown, and no session for this link.
  if (!proven || proven.passwordHash !== null) throw expiredLink();
  await claimGuestBookings(db, { userId: user.id, email: login.value, publicUrl, holdHours });
  const profile = await toUserProfile(db, proven);
  if (caller !== undefined) return profile;
  // Only while no password was set after the one the proof cleared.
  return signedInByLink(db, profile, user.id, null);
}

/**
 * A confirmation link opened again after it worked (the page that confirmed reloading): its
 * account's own session is answered its profile; anyone else the 410 of a used link, with nothing
 * of the account.
 */
async function reopenedConfirmation(db: Database, token: string, caller: number | undefined) {
  if (caller === undefined) throw expiredLink();
  const spent = await findUsedLinkToken(db, 'confirm-email', token);
  const owner = spent?.userId === caller ? await findUserById(db, caller) : undefined;
  if (!owner?.emailConfirmedAt || owner.email !== spent?.email) throw expiredLink();
  return toUserProfile(db, owner);
}
