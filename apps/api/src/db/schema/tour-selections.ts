import {
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bookingRequests } from './bookings.ts';
import { tours } from './tours.ts';

/**
 * Tours an organizer or Gallop support selected for a traveller's booking request, opened by the
 * link token `{requestId}-{secret}` (spec: tour-selection mode). Only the token's SHA-256 is
 * kept: the link is shown once, at creation, and e-mailed to the request's contact.
 */
export const tourSelections = pgTable(
  'tour_selections',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    requestId: integer()
      .notNull()
      .references(() => bookingRequests.id, { onDelete: 'cascade' }),
    /** SHA-256 of the whole token, hex. */
    tokenHash: text().notNull().unique(),
    /** Who selected: a member of the tour's organizer, or support. */
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    selectedBy: text({ enum: ['organizer', 'support'] }).notNull(),
    comment: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tour_selections_request_idx').on(table.requestId)],
);

/** The selected tours, in the order they are suggested. */
export const tourSelectionItems = pgTable(
  'tour_selection_items',
  {
    selectionId: integer()
      .notNull()
      .references(() => tourSelections.id, { onDelete: 'cascade' }),
    tourId: integer()
      .notNull()
      .references(() => tours.id),
    position: smallint().notNull(),
  },
  (table) => [primaryKey({ columns: [table.selectionId, table.tourId] })],
);
