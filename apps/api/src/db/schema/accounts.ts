import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { countries } from './geography.ts';
import { tours } from './tours.ts';

/**
 * Travellers (role client), organizers and support staff. An account has an email, a phone, or
 * both; a password is optional (accounts opened with a one-time code have none).
 */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    role: text({ enum: ['client', 'organizer', 'support'] })
      .notNull()
      .default('client'),
    firstName: text(),
    lastName: text(),
    /** Stored lower-cased: sign-in by email ignores case. */
    email: text(),
    emailConfirmedAt: timestamp({ withTimezone: true }),
    /**
     * An address the owner asked to move to (lower-cased), not yet proven: `email` changes only
     * when the link sent there is opened, so a typo never locks the owner out and the answer to
     * a change never says whether another account has the address (decision 141).
     */
    pendingEmail: text(),
    /**
     * `+` and digits only. Until `phoneConfirmedAt` it is only a claim: it signs nobody in and
     * several accounts may claim one number; the account that confirms it owns it (decision 147).
     */
    phone: text(),
    phoneConfirmedAt: timestamp({ withTimezone: true }),
    /** argon2id in PHC form, or an older `scrypt$N$r$p$salt$hash` (modules/accounts/passwords.ts). */
    passwordHash: text(),
    countryId: integer().references(() => countries.id),
    languageCode: text().notNull().default('en'),
    currencyCode: text().notNull().default('USD'),
    timezone: text(),
    avatarId: integer(),
    lastActiveAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key')
      .on(table.email)
      .where(sql`email is not null`),
    // One owner per confirmed number; unconfirmed claims may repeat (and are found by the index
    // below when a confirmation drops them).
    uniqueIndex('users_phone_key')
      .on(table.phone)
      .where(sql`phone is not null and phone_confirmed_at is not null`),
    index('users_phone_idx')
      .on(table.phone)
      .where(sql`phone is not null`),
  ],
);

/**
 * One signed-in device. Both tokens are random and only their SHA-256 is stored; the refresh
 * token rotates on every refresh (decisions: "refresh tokens rotate and are stored hashed").
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessHash: text().notNull(),
    accessExpiresAt: timestamp({ withTimezone: true }).notNull(),
    refreshHash: text().notNull(),
    refreshExpiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Opened by an administrator on the user's behalf (`is_admin_auth`). */
    isAdminAuth: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('user_sessions_access_key').on(table.accessHash),
    uniqueIndex('user_sessions_refresh_key').on(table.refreshHash),
    index('user_sessions_user_idx').on(table.userId),
  ],
);

/**
 * The refresh tokens a session has rotated away (their SHA-256) and when. One presented again
 * means a second holder: past a grace window for racing tabs, the session is revoked (issue 43,
 * finding 9). Kept for one refresh lifetime, after which the token would have expired anyway.
 */
export const userSessionRetiredRefresh = pgTable(
  'user_session_retired_refresh',
  {
    refreshHash: text().primaryKey(),
    sessionId: integer()
      .notNull()
      .references(() => userSessions.id, { onDelete: 'cascade' }),
    retiredAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('user_session_retired_refresh_session_idx').on(table.sessionId, table.retiredAt),
  ],
);

/**
 * A 5-digit one-time code sent to an email or phone: to sign in, or to confirm a phone. Only a
 * hash is kept; a code expires and allows a few attempts.
 */
export const userCodes = pgTable(
  'user_codes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** The normalised email or phone the code went to. */
    login: text().notNull(),
    purpose: text({ enum: ['sign-in', 'confirm-phone'] }).notNull(),
    /**
     * The account the code was sent for: a sign-in code signs in to it only, a phone code
     * confirms its phone only. Null: no account has the login, and the code was stored but sent
     * nowhere, so a guess at it is answered as one at a real code (no account enumeration).
     */
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    sender: text().notNull(),
    attempts: smallint().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('user_codes_login_idx').on(table.login, table.purpose, table.createdAt)],
);

/**
 * The wrong guesses at one code from one client address (decision 209): each address has its own
 * few, so a stranger who knows the login cannot spend the attempts of the code its owner was sent.
 * `user_codes.attempts` counts them all, under a higher cap.
 */
export const userCodeAttempts = pgTable(
  'user_code_attempts',
  {
    codeId: integer()
      .notNull()
      .references(() => userCodes.id, { onDelete: 'cascade' }),
    address: text().notNull(),
    attempts: smallint().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.codeId, table.address] })],
);

/**
 * A single-use token sent in a link: confirm an email, reset a password, or sign in from a
 * message (`access-token-by-one-time-token`). Only a hash is kept.
 */
export const userLinkTokens = pgTable(
  'user_link_tokens',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['confirm-email', 'reset-password', 'sign-in'] }).notNull(),
    tokenHash: text().notNull(),
    /** The address the link went to: an e-mail confirmation's, or a reset link's (decision 172). */
    email: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('user_link_tokens_hash_key').on(table.tokenHash)],
);

/** A signed-in traveller's favourite tours (guests keep theirs in the `favorite_tours` cookie). */
export const userFavouriteTours = pgTable(
  'user_favourite_tours',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tourId: integer()
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.tourId] })],
);

/** A stored passport: `RiderPassport` of the contract (snake_case), read back through `readPassport`. */
export interface StoredPassport {
  level: string;
  tack: string | null;
  hours_per_day: number | null;
  weight_kg: number | null;
}

/**
 * A signed-in traveller's rider passport and their companions' (decision 108). One document per
 * account: it is read and written whole, and nothing searches inside it (guests keep theirs in
 * the `gallop_rider` cookie).
 */
export const riderPassports = pgTable('rider_passports', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  passport: jsonb().$type<StoredPassport | null>(),
  companions: jsonb().$type<(StoredPassport & { name: string })[]>().notNull().default([]),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
