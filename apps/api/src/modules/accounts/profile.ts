/**
 * The settings a signed-in traveller changes (docs/product.md, Calls, "User"): services over the
 * database that answer the updated user; a refusal is an `HttpError` (422 with field errors, 404).
 * `handlers.ts` maps the HTTP calls onto them.
 */
import { isCurrencyCode } from '@gallop/currency';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { notFound, unprocessable } from '#src/http/http-error.ts';
import { claimGuestBookings, type ClaimSite } from '#src/modules/bookings/index.ts';
import { findUpload } from '#src/modules/uploads/index.ts';
import { type SessionsEnded, unauthorized, type UserRow } from '#src/modules/sessions/index.ts';
import { findCountry } from '#src/shared/countries.ts';
import { invalidCode, sendCode, verifyCode, type CodeSender } from './codes.ts';
import { sendEmailConfirmation, sendEmailTaken, sendPasswordChanged } from './mail.ts';
import { assertStrongPassword } from './password-strength.ts';
import {
  hashPassword,
  isPasswordGuessRight,
  verifyPassword,
  type PasswordGuesses,
} from './passwords.ts';
import { setPassword } from './password-set.ts';
import { proveLogin } from './proofs.ts';
import {
  assertLoginsFree,
  EMAIL_TAKEN,
  findUserById,
  findUserByLogin,
  isUniqueViolation,
  PHONE_TAKEN,
  requiredText,
  validTimezone,
} from './users.ts';

type UserValues = Partial<typeof users.$inferInsert>;

const DO_NOT_MATCH = 'Do not match';
/** `change-email` with the account's own address and no change waiting: nothing to do or send. */
export const ALREADY_YOUR_EMAIL = 'This is already your e-mail';
const WRONG_PASSWORD = 'Wrong password';
const REQUIRED_FIELD = 'Required field';
/** Interface languages a user may save (the web's locales and their short forms). */
const LANGUAGES = new Set(['en', 'en-US', 'ru', 'de', 'zh', 'zh-CN']);
/** How a phone can be confirmed on this site. */
export const PHONE_CONFIRMATION_METHODS: CodeSender[] = ['sms', 'whatsapp', 'telegram'];

/** Saves `values` (and `updatedAt`); a login another account took meanwhile is the same 422. */
async function updateUser(db: Database, id: number, values: UserValues): Promise<UserRow> {
  try {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row!;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const field = values.email !== undefined ? 'email' : 'phone';
    throw unprocessable(EMAIL_TAKEN, { [field]: ['This login is already registered'] });
  }
}

/** 422 `confirm_password` when the password and its confirmation differ. */
export function assertConfirmed(password: string, confirmation: string): void {
  if (password !== confirmation) {
    throw unprocessable(DO_NOT_MATCH, { confirm_password: [DO_NOT_MATCH] });
  }
}

export interface NameChange {
  first_name?: string | undefined;
  last_name?: string | undefined;
  timezone?: string | undefined;
}

/** Name and time zone: only the fields given change. */
export function updateProfile(db: Database, user: UserRow, change: NameChange): Promise<UserRow> {
  const { first_name: firstName, last_name: lastName, timezone } = change;
  return updateUser(db, user.id, {
    ...(firstName !== undefined ? { firstName: requiredText('first_name', firstName) } : {}),
    ...(lastName !== undefined ? { lastName: requiredText('last_name', lastName) } : {}),
    ...(timezone !== undefined ? { timezone: validTimezone(timezone) ?? null } : {}),
  });
}

export async function setLanguage(db: Database, user: UserRow, languageCode: string) {
  const code = languageCode.trim();
  if (!LANGUAGES.has(code)) {
    throw unprocessable('Unsupported language', { language_code: ['Unsupported language'] });
  }
  await updateUser(db, user.id, { languageCode: code });
}

export async function setCurrency(db: Database, user: UserRow, currencyCode: string) {
  if (!isCurrencyCode(currencyCode)) {
    throw unprocessable('Unsupported currency', { currency_code: ['Unsupported currency'] });
  }
  await updateUser(db, user.id, { currencyCode });
}

export async function changeCountry(db: Database, user: UserRow, countryId: number) {
  if (!(await findCountry(db, countryId))) {
    throw unprocessable('Unknown country', { country_id: ['Unknown country'] });
  }
  return updateUser(db, user.id, { countryId });
}

/**
 * Asks to move the account to another e-mail (the current password proves the owner when the
 * account has one; decision 141). The address waits as `pendingEmail` and the account keeps its
 * own until the link mailed there is opened (`confirmEmail`), so a typo never locks the owner
 * out. The answer is the same profile whether another account has the address or not (no
 * account enumeration, pen test 2026-12-06 finding 4): that inbox is told someone tried, and no
 * link goes there. The account's own address (in any letter case: the handler lowercases it)
 * clears a waiting change (no password needed to keep one's address); with none waiting it is
 * refused with 422 on `email`, since no link is sent and "we sent a link" would be untrue. The
 * password is a guess counted per account with `changePassword`'s
 * (`guesses`: a stolen session may not ask it without end by changing addresses). `beforeSending`
 * counts the mail limits (`mail-limits.ts`) before the lookup, for both.
 */
export async function changeEmail(
  db: Database,
  user: UserRow,
  change: { email: string; password?: string | undefined },
  publicUrl: string,
  guesses: PasswordGuesses,
  beforeSending: () => Promise<void> = async () => {},
): Promise<UserRow> {
  // Keeping the account's own address (calling a waiting change off) needs no password.
  if (user.email !== null && change.email.toLowerCase() === user.email.toLowerCase()) {
    if (user.pendingEmail === null) {
      throw unprocessable(ALREADY_YOUR_EMAIL, { email: [ALREADY_YOUR_EMAIL] });
    }
    return updateUser(db, user.id, { pendingEmail: null });
  }
  if (user.passwordHash && !(await isPasswordGuessRight(user, change.password ?? '', guesses))) {
    throw unprocessable(WRONG_PASSWORD, { password: [WRONG_PASSWORD] });
  }
  await beforeSending();
  const waiting = await updateUser(db, user.id, { pendingEmail: change.email });
  const owner = await findUserByLogin(db, { kind: 'email', value: change.email });
  if (owner && owner.id !== user.id) await sendEmailTaken(db, owner, publicUrl);
  else await sendEmailConfirmation(db, { id: user.id, email: change.email }, publicUrl);
  return waiting;
}

export interface PasswordChange {
  old_password?: string | undefined;
  password: string;
  confirm_password: string;
}

/**
 * A new password; the other devices' sessions end (this one, `sessionId`, stays), and so does
 * every other way in of before (`setPassword`: sign-in and reset links, sign-in codes, a waiting
 * address change), and the account's address is told (`sendPasswordChanged`, with a link to the sign-in page under `publicUrl`). An
 * account that has a password must give it: left empty it is a missing field, not a wrong one;
 * given, it is a guess counted per account (`guesses`, shared with `changeEmail`).
 */
export async function changePassword(
  db: Database,
  { user, sessionId }: { user: UserRow; sessionId: number },
  change: PasswordChange,
  guesses: PasswordGuesses,
  sessionsEnded: SessionsEnded,
  publicUrl?: string,
): Promise<void> {
  const { old_password: oldPassword, password, confirm_password: confirmation } = change;
  if (user.passwordHash) {
    if (!oldPassword) {
      throw unprocessable(REQUIRED_FIELD, { old_password: [REQUIRED_FIELD] });
    }
    if (!(await isPasswordGuessRight(user, oldPassword, guesses))) {
      throw unprocessable(WRONG_PASSWORD, { old_password: [WRONG_PASSWORD] });
    }
  }
  assertConfirmed(password, confirmation);
  await assertStrongPassword(password, user);
  const passwordHash = await hashPassword(password);
  // Set only while this session is signed in and the password is the one checked above, under the
  // account's lock: a reset committed meanwhile ended the session and set the owner's password.
  let set = await setPassword(db, user.id, passwordHash, {
    keepSessionId: sessionId,
    expectedHash: user.passwordHash,
  });
  if ('stale' in set && set.stale === 'password changed') {
    // This session still signed in: a sign-in rehashed the same password (tried once more), or
    // this session set another one meanwhile (the one given is not the account's now).
    const now = await findUserById(db, user.id);
    if (!now?.passwordHash || !(await verifyPassword(oldPassword ?? '', now.passwordHash))) {
      throw unprocessable(WRONG_PASSWORD, { old_password: [WRONG_PASSWORD] });
    }
    set = await setPassword(db, user.id, passwordHash, {
      keepSessionId: sessionId,
      expectedHash: now.passwordHash,
    });
  }
  // The answer the session's next call gets anyway: it ended (a reset, another device's change).
  if ('stale' in set && set.stale === 'session ended') throw unauthorized();
  if ('stale' in set) throw unprocessable(WRONG_PASSWORD, { old_password: [WRONG_PASSWORD] });
  sessionsEnded(set.ended);
  await sendPasswordChanged(db, user, publicUrl);
}

/**
 * Counts `change-phone`'s answers that a number is another account's (decision 151): counted
 * before the lookup, given back when the number is free, so only "taken" answers use it up; over
 * its limit every new number is refused alike, taken or free.
 */
export interface TakenPhoneAnswers {
  count(): Promise<void>;
  refund(): Promise<void>;
}

/**
 * A new phone (already normalised), unconfirmed: a claim that signs nobody in until the code sent
 * to it is entered (decision 147); a number another account confirmed is refused (the product's
 * "This phone number is already registered"), and those refusals are limited (`taken`). The same
 * phone changes nothing.
 */
export async function changePhone(
  db: Database,
  user: UserRow,
  phone: string,
  taken: TakenPhoneAnswers,
): Promise<UserRow> {
  if (phone === user.phone) return user;
  await taken.count();
  await assertLoginsFree(db, { phone }, user.id);
  await taken.refund();
  return updateUser(db, user.id, { phone, phoneConfirmedAt: null });
}

/** A code to the user's phone that confirms it. */
export async function sendPhoneConfirmation(db: Database, user: UserRow, sender: CodeSender) {
  if (!user.phone) throw unprocessable('Add a phone number first', { phone: ['Required field'] });
  if (!PHONE_CONFIRMATION_METHODS.includes(sender)) {
    throw unprocessable('This way of sending a code is not available', {
      code_sender: ['This way of sending a code is not available'],
    });
  }
  await sendCode(db, { login: user.phone, purpose: 'confirm-phone', sender, userId: user.id });
}

/**
 * Confirms the phone with the code sent for this account: it becomes the number's one owner and
 * other accounts' claims of it are dropped (`proveLogin`). A 422 on `phone` when another account
 * confirmed the number first.
 */
export async function confirmPhone(
  db: Database,
  user: UserRow,
  { code, address }: { code: string; address: string },
  site: ClaimSite,
): Promise<UserRow> {
  if (!user.phone) throw unprocessable('Add a phone number first', { phone: ['Required field'] });
  const phone = { kind: 'phone', value: user.phone } as const;
  const { userId } = await verifyCode(db, {
    login: phone.value,
    purpose: 'confirm-phone',
    code,
    address,
  });
  if (userId !== user.id) throw invalidCode();
  const proven = await proveLogin(db, user.id, phone, {
    ownSession: true,
    sessionsEnded: () => {},
  });
  if (!proven) throw unprocessable(PHONE_TAKEN, { phone: [PHONE_TAKEN] });
  // A proven holder's waiting riders count towards their dates' minimum groups (decision 185).
  await claimGuestBookings(db, { userId: user.id, email: null, ...site });
  return proven;
}

/** The profile photo: one of the user's own uploaded pictures (404 for any other upload). */
export async function setProfilePhoto(
  db: Database,
  user: UserRow,
  uploadId: number,
): Promise<UserRow> {
  const row = await findUpload(db, uploadId);
  if (!row || row.kind !== 'image' || row.ownerUserId !== user.id) {
    throw notFound('Image not found among your uploads');
  }
  return updateUser(db, user.id, { avatarId: row.id });
}

/** The "last seen" mark (`lastActiveAt` only: `updatedAt` tells profile changes). */
export async function markActive(db: Database, user: UserRow): Promise<void> {
  await db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, user.id));
}
