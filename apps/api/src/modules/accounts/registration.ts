/**
 * Registration (decisions: "Accounts and notifications"): with a password, confirmed by an e-mail
 * link, or without one, signed in by a one-time code. Services over the database; a refusal is an
 * `HttpError` (422 with field errors). Neither answer tells whether an address has an account.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { outbox, users } from '#src/db/schema/index.ts';
import { unprocessable } from '#src/http/http-error.ts';
import { randomToken, type Login, type UserRow } from '#src/modules/sessions/index.ts';
import { findCountry } from '#src/shared/countries.ts';
import { sendCode, type CodeSender } from './codes.ts';
import { mergeFavourites } from './favourites.ts';
import { createLinkTokenForUser } from './links.ts';
import { emailConfirmationMessage, PHONE_NOT_SAVED, registrationAttemptMessage } from './mail.ts';
import { assertStrongPassword } from './password-strength.ts';
import { hashPassword } from './passwords.ts';
import { assertConfirmed } from './profile.ts';
import {
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
  // A phone of another account is left out, and said so in the e-mail only. Looked up for a
  // taken address too, so both do the same work (below).
  const phoneTaken = phone && (await findUserByLogin(db, { kind: 'phone', value: phone }));
  // A taken address and a new one run the same statements in one transaction (docs/security.md,
  // "No account enumeration"): a taken address wrote one message where a new one wrote an
  // account, a link and a message, and answered 13 ms sooner (medians of 30, probe 2026-12-07).
  // The account's insert meets the taken address and stores nothing, the link's stores nothing
  // for no account, and each writes its own message: the notice, or the confirmation link.
  const token = randomToken();
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
      .onConflictDoNothing({ target: users.email, where: sql`email is not null` })
      .returning({ id: users.id });
    await createLinkTokenForUser(tx, 'confirm-email', created?.id, token);
    const message = created
      ? emailConfirmationMessage(
          { id: created.id, email },
          token,
          publicUrl,
          phoneTaken ? PHONE_NOT_SAVED : undefined,
        )
      : // The owner is told; no owner yet is the same address registered at this moment by
        // another request, which sends the confirmation.
        owner?.email && registrationAttemptMessage({ ...owner, email: owner.email }, publicUrl);
    if (message) await tx.insert(outbox).values(message);
  });
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
 * it. An existing account simply gets the code: registering twice is signing in. A known login
 * and a new one are answered alike (no account enumeration): the same checks in the same order
 * first, and an e-mail or phone another account has is left out of the new account silently,
 * as `registerWithPassword` leaves out a phone.
 */
export async function registerWithCode(
  db: Database,
  input: CodeRegistration,
  beforeSending: () => Promise<void> = async () => {},
): Promise<void> {
  const firstName = requiredText('first_name', input.first_name);
  const lastName = input.last_name?.trim() || null;
  if (input.country_id !== undefined && !(await findCountry(db, input.country_id))) {
    throw unprocessable('Unknown country', { country_id: ['Unknown country'] });
  }
  const timezone = validTimezone(input.timezone);
  // Counted for a known login and a new one alike, before the lookup (`mail-limits.ts`).
  await beforeSending();
  const account =
    (await findUserByLogin(db, input.login)) ??
    (await createCodeAccount(db, input, { firstName, lastName, timezone }));
  await sendCode(db, {
    login: input.login.value,
    purpose: 'sign-in',
    sender: input.sender,
    userId: account.id,
  });
}

/** The account of a code registration, without the logins other accounts have. */
async function createCodeAccount(
  db: Database,
  input: CodeRegistration,
  names: { firstName: string; lastName: string | null; timezone: string | undefined },
): Promise<UserRow> {
  const { email, phone } = input;
  const emailTaken = email && (await findUserByLogin(db, { kind: 'email', value: email }));
  const phoneTaken = phone && (await findUserByLogin(db, { kind: 'phone', value: phone }));
  try {
    const [created] = await db
      .insert(users)
      .values({
        ...names,
        email: emailTaken ? null : email,
        phone: phoneTaken ? null : phone,
        countryId: input.country_id,
      })
      .returning();
    await mergeFavourites(db, created!.id, input.favourites_tours_ids);
    return created!;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same login registered at the same moment: the code goes to that account. (Another
    // login of the form taken at that moment is refused as before, a race of one request.)
    const raced = await findUserByLogin(db, input.login);
    if (!raced) throw unprocessable(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    return raced;
  }
}
