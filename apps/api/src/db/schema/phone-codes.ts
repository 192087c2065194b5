import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { chats } from './chat.ts';
import { users } from './accounts.ts';
import { organizers } from './organizers.ts';

/**
 * A short numeric code a caller says on Gallop's phone line so the call is routed to an organizer
 * (`target_kind` organizer) or to the other side of a chat (`chat`). Codes are short-lived; one
 * live code per requester and target is reused rather than issued again (decision 029).
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Six digits, unique among stored codes (expired ones are deleted before reuse). */
    code: text().notNull(),
    targetKind: text({ enum: ['organizer', 'chat'] }).notNull(),
    organizerId: integer().references(() => organizers.id, { onDelete: 'cascade' }),
    chatId: integer().references(() => chats.id, { onDelete: 'cascade' }),
    /** The signed-in caller, if any. */
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** `user:<id>` or `ip:<address>`: whose code this is (one live code per requester and target). */
    requesterKey: text().notNull(),
    /** The Gallop line the caller was told to dial (E.164). */
    phone: text().notNull(),
    /** The caller's IANA time zone, for whoever answers. */
    timezone: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('phone_codes_code_key').on(table.code),
    index('phone_codes_requester_idx').on(table.requesterKey, table.targetKind, table.expiresAt),
  ],
);
