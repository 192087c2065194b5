import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bookingRequests } from './bookings.ts';
import { reviews } from './tours.ts';

/**
 * The contract (meeting details) of a paid booking request: the organizer opens it with a
 * random key mailed to them (only the key's SHA-256 is stored), writes where and when to meet,
 * attaches files, and the traveller sees the result on their booking. `id` is the contract id.
 */
export const meetings = pgTable('meetings', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  requestId: integer()
    .notNull()
    .unique()
    .references(() => bookingRequests.id, { onDelete: 'cascade' }),
  keyHash: text().notNull().unique(),
  /** The organizer's text; null until they save it. */
  organizerText: text(),
  savedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One uploaded file. The bytes live on disk under their SHA-256 (never the client's name), so
 * the same picture uploaded twice is stored once; `public_id` is the random part of its URL.
 * The owner is a signed-in user, a meeting (uploaded through its key), or nobody (a review
 * photo, deletable with the token given at upload, stored hashed).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    publicId: text().notNull().unique(),
    kind: text({ enum: ['image', 'file', 'video'] }).notNull(),
    /** Where it was uploaded for: `image`, `file`, `video`, `review`, `meeting`, or a bucket. */
    purpose: text().notNull(),
    ownerUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    meetingId: integer().references(() => meetings.id, { onDelete: 'cascade' }),
    /** The review a review photo was attached to (photos attach once). */
    reviewId: integer().references(() => reviews.id, { onDelete: 'set null' }),
    deleteTokenHash: text(),
    originalName: text().notNull(),
    mime: text().notNull(),
    extension: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    width: smallint(),
    height: smallint(),
    isPublic: boolean().notNull().default(true),
    /** The uploader's address, for abuse reports and per-address limits across restarts. */
    uploaderIp: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('uploads_owner_idx').on(table.ownerUserId),
    index('uploads_meeting_idx')
      .on(table.meetingId)
      .where(sql`meeting_id is not null`),
    index('uploads_sha256_idx').on(table.sha256),
  ],
);
