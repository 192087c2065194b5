/**
 * Registration (decisions: "Accounts and notifications"): with a password, confirmed by an e-mail
 * link, or without one, signed in by a one-time code. Services over the database; a refusal is an
 * `HttpError` (422 with field errors). Neither answer tells whether an address has an account.
 */
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { unprocessable } from '#src/http/http-error.ts';
import type { Login } from '#src/modules/sessions/index.ts';
import { findCountry } from '#src/shared/countries.ts';
import { sendCode, type CodeSender } from './codes.ts';
import { mergeFavourites } from './favourites.ts';
import { PHONE_NOT_SAVED, sendEmailConfirmation, sendRegistrationAttempt } from './mail.ts';
import { assertStrongPassword } from './password-strength.ts';
import { hashPassword } from './passwords.ts';
import { assertConfirmed } from './profile.ts';
import {
  assertLoginsFree,
  EMAIL_TAKEN,
  findUserByLogin,
  isUniqueViolation,
  phoneOrFail,
  requiredText,
  validTimezone,
} from './users.ts';

export interface PasswordRegistration {
  /** Normalised (`normalizeEmail`). */
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  confirm_password: string;
  phone?: string | undefined;
  timezone?: string | undefined;
}

/**
 * A registration with a password. From the password check on, a taken address and a new one
 * answer alike, in about the same time (both hash): only the address's inbox learns which it was.
 * `beforeSending` counts the limits (`mail-limits.ts`) and throws the 429 when they refuse.
 */
export async function registerWithPassword(
  db: Database,
  input: PasswordRegistration,
  publicUrl: string,
  beforeSending: () => Promise<void> = async () => {},
): Promise<void> {
  const { email } = input;
  const firstName = requiredText('first_name', input.first_name);
  const lastName = requiredText('last_name', input.last_name);
  assertConfirmed(input.password, input.confirm_password);
  const phone = phoneOrFail(input.phone);
  const timezone = validTimezone(input.timezone);
  await assertStrongPassword(input.password, { email, firstName, lastName });
  const passwordHash = await hashPassword(input.password);
  // The limits (sign-ups per address, mails per recipient) count here, for a taken address and
  // a new one alike, before the lookup that tells them apart.
  await beforeSending();
  const owner = await findUserByLogin(db, { kind: 'email', value: email });
  if (owner) {
    await sendRegistrationAttempt(db, owner, publicUrl);
    return;
  }
  // A phone of another account is left out, and said so in the e-mail only.
  const phoneTaken = phone && (await findUserByLogin(db, { kind: 'phone', value: phone }));
  try {
    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          firstName,
          lastName,
          email,
          phone: phoneTaken ? undefined : phone,
          passwordHash,
          timezone,
        })
        .returning();
      await sendEmailConfirmation(
        tx,
        created!,
        publicUrl,
        phoneTaken ? PHONE_NOT_SAVED : undefined,
      );
    });
  } catch (error) {
    // The same address registered at the same moment: that request sent the e-mail.
    if (!isUniqueViolation(error)) throw error;
  }
}

export interface CodeRegistration {
  /** Where the code goes (`codeLogin`): the e-mail or the phone, by the sender. */
  login: Login;
  email?: string | undefined;
  phone?: string | undefined;
  sender: CodeSender;
  first_name: string;
  last_name?: string | undefined;
  timezone?: string | undefined;
  country_id?: number | undefined;
  favourites_tours_ids?: number[] | undefined;
}

/**
 * A registration without a password: a new account for an unknown login, then a sign-in code to
 * it. An existing account simply gets the code: registering twice is signing in.
 */
export async function registerWithCode(
  db: Database,
  input: CodeRegistration,
  beforeSending: () => Promise<void> = async () => {},
): Promise<void> {
  // Counted for a known login and a new one alike, before the lookup (`mail-limits.ts`).
  await beforeSending();
  const existing = await findUserByLogin(db, input.login);
  if (!existing) {
    const firstName = requiredText('first_name', input.first_name);
    const lastName = input.last_name?.trim() || null;
    if (input.country_id !== undefined && !(await findCountry(db, input.country_id))) {
      throw unprocessable('Unknown country', { country_id: ['Unknown country'] });
    }
    const { email, phone } = input;
    await assertLoginsFree(db, { email, phone });
    try {
      const [created] = await db
        .insert(users)
        .values({
          firstName,
          lastName,
          email,
          phone,
          timezone: validTimezone(input.timezone),
          countryId: input.country_id,
        })
        .returning();
      await mergeFavourites(db, created!.id, input.favourites_tours_ids);
    } catch (error) {
      if (isUniqueViolation(error)) throw unprocessable(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
      throw error;
    }
  }
  await sendCode(db, { login: input.login.value, purpose: 'sign-in', sender: input.sender });
}
