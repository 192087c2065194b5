import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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

/** How horses spend the time they do not work (decision 114), the herd's way first. */
export const HORSE_TURNOUTS = ['herd_pasture', 'herd_daytime', 'paddocks', 'stables'] as const;
/** What happens to a horse too old to work (decision 114). */
export const HORSE_RETIREMENTS = ['kept_for_life', 'rehomed', 'sold'] as const;

/** The welfare columns a tour may state over its organizer's (decision 114; same names on both). */
export type TourWelfareColumn =
  | 'welfareRestDaysPerWeek'
  | 'welfareMaxWorkHours'
  | 'welfareTurnout'
  | 'welfareVetOnCall'
  | 'welfareVetCheckWeeks'
  | 'welfareFarrierWeeks'
  | 'welfareFarrierOnCall'
  | 'welfareWeightPolicy';
/** An organizer's welfare columns: a tour's, and what happens to retired horses. */
export type OrganizerWelfareColumn =
  TourWelfareColumn | 'welfareRetirement' | 'welfareRetirementNote';

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
    // How the organizer keeps its horses (decision 114): all stated or none (not stated); a
    // tour may override some of it (`tours.welfare*`). Columns, not JSON: the change log's
    // organizer trigger then refreshes its tours' pages, and a search filter can read them.
    welfareRestDaysPerWeek: smallint(),
    welfareMaxWorkHours: real(),
    welfareTurnout: text({ enum: HORSE_TURNOUTS }),
    welfareVetOnCall: boolean(),
    /** Routine vet checks every N weeks; null: none on a schedule. */
    welfareVetCheckWeeks: smallint(),
    /** The farrier every N weeks; null: only when called (barefoot herds). */
    welfareFarrierWeeks: smallint(),
    welfareFarrierOnCall: boolean(),
    welfareWeightPolicy: text(),
    welfareRetirement: text({ enum: HORSE_RETIREMENTS }),
    welfareRetirementNote: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('organizers_country_idx').on(table.countryId),
    check(
      'organizers_welfare_stated_whole',
      sql`num_nulls(${table.welfareRestDaysPerWeek}, ${table.welfareMaxWorkHours}, ${table.welfareTurnout}, ${table.welfareVetOnCall}, ${table.welfareFarrierOnCall}, ${table.welfareRetirement}) in (0, 6)`,
    ),
    check('organizers_welfare_rest_days', sql`${table.welfareRestDaysPerWeek} between 0 and 7`),
    check('organizers_welfare_work_hours', sql`${table.welfareMaxWorkHours} between 1 and 12`),
    check('organizers_welfare_vet_weeks', sql`${table.welfareVetCheckWeeks} between 1 and 52`),
    check('organizers_welfare_farrier_weeks', sql`${table.welfareFarrierWeeks} between 1 and 26`),
    check(
      'organizers_welfare_farrier_stated',
      sql`${table.welfareFarrierOnCall} is null or ${table.welfareFarrierOnCall} or ${table.welfareFarrierWeeks} is not null`,
    ),
    check(
      'organizers_welfare_texts',
      sql`length(${table.welfareWeightPolicy}) <= 1000 and length(${table.welfareRetirementNote}) <= 1000`,
    ),
  ],
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
