/** Reading and writing accounts, and the `UserProfile` the contract answers. */
import type { components } from '@gallop/api-client';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { unprocessable } from '#src/http/http-error.ts';
import { findCountry, toLocaleCountry } from '#src/shared/countries.ts';
import { avatarOf } from '#src/modules/uploads/index.ts';
import {
  normalizePhone,
  parseLogin,
  type Login,
  type UserRow,
} from '#src/modules/sessions/index.ts';

type UserProfile = components['schemas']['UserProfile'];

/**
 * The account a login names: the account with the e-mail, or the one that confirmed the phone. A
 * phone nobody confirmed is only a claim (several accounts may hold one) and names nobody, for
 * sign-in as for "already registered" (decision 147).
 */
export async function findUserByLogin(db: Database, login: Login): Promise<UserRow | undefined> {
  const named =
    login.kind === 'email'
      ? eq(users.email, login.value)
      : and(eq(users.phone, login.value), isNotNull(users.phoneConfirmedAt));
  const [row] = await db.select().from(users).where(named).limit(1);
  return row;
}

/** Whether `user` still has `login` (a code or link sent for it may be older than a change). */
export function holdsLogin(user: Pick<UserRow, 'email' | 'phone'>, login: Login): boolean {
  return (login.kind === 'email' ? user.email : user.phone) === login.value;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export const EMAIL_TAKEN = 'This email is already registered';
export const PHONE_TAKEN = 'This phone number is already registered';

/**
 * 422 with the field error when the email, or the phone (confirmed: `findUserByLogin`), already
 * belongs to another account.
 */
export async function assertLoginsFree(
  db: Database,
  { email, phone }: { email?: string | undefined; phone?: string | undefined },
  exceptUserId?: number,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const [field, login, message] of [
    ['email', email && ({ kind: 'email', value: email } as const), EMAIL_TAKEN],
    ['phone', phone && ({ kind: 'phone', value: phone } as const), PHONE_TAKEN],
  ] as const) {
    if (!login) continue;
    const owner = await findUserByLogin(db, login);
    if (owner && owner.id !== exceptUserId) errors[field] = [message];
  }
  if (Object.keys(errors).length > 0) {
    throw unprocessable(Object.values(errors)[0]![0]!, errors);
  }
}

/** A unique-index violation (two registrations racing for one address) as the same 422. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null | undefined)?.code;
  const causeCode = (error as { cause?: { code?: unknown } } | null | undefined)?.cause?.code;
  return code === '23505' || causeCode === '23505';
}

export async function toUserProfile(
  db: Database,
  user: UserRow,
  { isAdminAuth = false }: { isAdminAuth?: boolean } = {},
): Promise<UserProfile> {
  const country = user.countryId ? await findCountry(db, user.countryId) : undefined;
  const avatar = await avatarOf(db, user.avatarId);
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    is_email_set: user.email !== null,
    is_email_confirmed: user.email !== null && user.emailConfirmedAt !== null,
    email: user.email,
    pending_email: user.pendingEmail,
    phone: user.phone,
    is_phone_confirmed: user.phone !== null && user.phoneConfirmedAt !== null,
    ...(country ? { country: toLocaleCountry(country) } : {}),
    is_admin_auth: isAdminAuth,
    language_code: user.languageCode,
    currency_code: user.currencyCode as UserProfile['currency_code'],
    timezone: user.timezone,
    ...(avatar ? { avatar } : {}),
    role: user.role,
  };
}

/** Trimmed text, or a 422 naming the field when nothing is left. */
export function requiredText(field: string, value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw unprocessable('Required field', { [field]: ['Required field'] });
  return trimmed;
}

/** A time zone name the runtime knows (`Europe/Berlin`), or a 422. */
export function validTimezone(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value.trim() }).resolvedOptions().timeZone;
  } catch {
    throw unprocessable('Unknown time zone', { timezone: ['Unknown time zone'] });
  }
}

/** A login typed as an e-mail or a phone number, or a 422 naming `field`. */
export function loginOrFail(login: string, field = 'login'): Login {
  const parsed = parseLogin(login);
  if (!parsed) {
    throw unprocessable('Please enter a valid e-mail or phone number', {
      [field]: ['Please enter a valid e-mail or phone number'],
    });
  }
  return parsed;
}

/** A normalised phone number, undefined when none was given, or a 422. */
export function phoneOrFail(phone: string | undefined): string | undefined {
  if (phone === undefined || phone.trim() === '') return undefined;
  const normalized = normalizePhone(phone);
  if (!normalized) {
    throw unprocessable('Please enter a valid phone number', {
      phone: ['Please enter a valid phone number'],
    });
  }
  return normalized;
}
