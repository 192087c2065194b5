import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tours } from './tours.ts';

/**
 * Messages to travellers (email, SMS, messengers) are written here first and sent by a transport
 * afterwards (decisions: "Email, SMS and messenger messages go through an outbox table"), so a
 * request never waits on, or fails because of, a mail server.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** What the message is (`tour-program`, `complaint-received` ...). */
    kind: text().notNull(),
    channel: text({ enum: ['email', 'whatsapp', 'sms', 'telegram', 'vk'] }).notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    attempts: smallint().notNull().default(0),
    /** Until when a dispatch round owns the row (set when it claims it; expired: free again). */
    claimedUntil: timestamp({ withTimezone: true }),
    /**
     * When a round may try it next: at once when queued, later after a temporary failure
     * (backoff). Null once sent or given up (a permanent failure, or past `expiresAt`).
     */
    nextAttemptAt: timestamp({ withTimezone: true }).defaultNow(),
    /** After this it is no use any more (a sign-in code's validity; else a day): never sent late. */
    expiresAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`now() + interval '1 day'`),
    /** Why the last attempt failed (secrets removed), for an operator. */
    lastError: text(),
  },
  (table) => [
    index('outbox_unsent_idx')
      .on(table.createdAt)
      .where(sql`sent_at is null`),
    // What a dispatch round looks for: unsent rows that are due.
    index('outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`sent_at is null and next_attempt_at is not null`),
  ],
);

/**
 * Raw bytes. node-postgres reads `bytea` as a Buffer and PGlite as a Uint8Array: both come back
 * as a Buffer.
 */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Files sent with an outbox message (the tour programme's PDF): kept in the database with their
 * message, so the message and its files are queued in one transaction and every API process can
 * send them.
 */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    outboxId: integer()
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    filename: text().notNull(),
    contentType: text().notNull(),
    content: bytea().notNull(),
  },
  (table) => [index('outbox_attachments_outbox_idx').on(table.outboxId)],
);

/** A visitor's report of a problem with a tour, for the support team. */
export const tourComplaints = pgTable('tour_complaints', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  tourId: integer()
    .notNull()
    .references(() => tours.id),
  text: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A request for a tour's programme: by email, by WhatsApp, or a subscription to it. */
export const tourProgramRequests = pgTable(
  'tour_program_requests',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    tourId: integer()
      .notNull()
      .references(() => tours.id),
    channel: text({ enum: ['email', 'whatsapp', 'subscription'] }).notNull(),
    email: text(),
    phone: text(),
    currency: text(),
    subscriberId: text(),
    /** The individual tour's uuid, when the programme was asked for from one. */
    individualTourUuid: uuid(),
    /** The booking request the visitor already has, when they gave it. */
    bookingRequestId: integer(),
    /**
     * A subscription's newest date of the tour the follower has heard of (its largest date id when
     * they subscribed or were last told): later bookable dates are news (`followers.ts`).
     */
    seenDateId: integer(),
    /** When a subscription's follower was last told about new dates. */
    notifiedAt: timestamp({ withTimezone: true }),
    /**
     * When the follower unfollowed the tour through the link of an e-mail: set on every
     * subscription of the tour and address, cleared when the address follows it again.
     */
    unsubscribedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The follower notices read the subscriptions alone.
    index('tour_program_requests_followers_idx')
      .on(table.tourId)
      .where(sql`${table.channel} = 'subscription'`),
  ],
);

/** A visitor's request for help choosing a tour, for the support team. */
export const helpRequests = pgTable('help_requests', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text(),
  email: text(),
  phone: text(),
  message: text().notNull(),
  tourId: integer().references(() => tours.id),
  bookingRequestId: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
