import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets only this API signs and checks (the unfollow links' and the sandbox payment
 * provider's), generated at random the first time a database is used without the environment
 * variable (decision 061). Every API process sharing the database reads the same row, and a
 * restart keeps signed links valid. Never sent anywhere; back it up with the database.
 */
export const serverSecrets = pgTable('server_secrets', {
  /** What the secret signs, e.g. `follower` (see `modules/operations/server-secrets.ts`). */
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
