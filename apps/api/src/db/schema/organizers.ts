import {
  boolean,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  index,
} from 'drizzle-orm/pg-core';
import { countries } from './geography.ts';

/** Tour providers: organizations and individual authors, with their verification checks. */
export const organizers = pgTable(
  'organizers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    type: text({ enum: ['organization', 'author'] }).notNull(),
    legalType: text({
      enum: ['natural_person', 'individual_entrepreneur', 'legal_entity'],
    }).notNull(),
    sellerType: text({
      enum: ['marketplace', 'direct_sales', 'agent', 'own', 'third_party_agent'],
    }).notNull(),
    description: text().notNull().default(''),
    countryId: integer().references(() => countries.id),
    email: text(),
    phone: text(),
    avatarSeed: integer().notNull(),
    imageSeeds: integer().array().notNull().default([]),
    /** Checks: 0 not performed, 1 success, 2 failed (phone also 3 in progress). */
    emailCheck: smallint().notNull().default(0),
    phoneCheck: smallint().notNull().default(0),
    passportCheck: smallint().notNull().default(0),
    rating: real(),
    reviewsCount: integer().notNull().default(0),
    /** The average horse-condition rating of its tours' reviews (decision 115); null: none. */
    horseConditionRating: real(),
    horseConditionCount: integer().notNull().default(0),
    toursCount: integer().notNull().default(0),
    isPublishedOnSite: boolean().notNull().default(true),
    messengers: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** An avatar its staff uploaded (an `uploads` row, kind image); null: the generated one. */
    avatarUploadId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('organizers_country_idx').on(table.countryId)],
);

/**
 * "Ask to become an organizer" from the site: who asked, how to reach them and what they said.
 * The Gallop team is e-mailed about each one (through the outbox) and answers it by hand.
 */
export const organizerRequests = pgTable('organizer_requests', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  email: text().notNull(),
  phone: text().notNull(),
  company: text(),
  website: text(),
  comment: text(),
  /** The signed-in account that asked, if any. */
  userId: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
