import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { tourDates, tours } from './tours.ts';

/** Arrival or departure of a tourist (spec section 3, "Travel info"), as the contract shapes it. */
export interface StoredTravelInfo {
  transport_type: 1 | 2 | 3 | 4;
  airport_name?: string;
  flight_number?: string;
  station_name?: string;
  train_number?: string;
  departure_place?: string;
  other_transport_name?: string;
  date?: string;
  time?: string;
  additional_info?: string;
}

/**
 * A traveller's booking request for a tour date (spec section 4, "Booking request status").
 * Money is in minor units of `currency`, the tour date's own currency: payments are made in it.
 * The seats of an active request are taken from the date's free seats when it is created and
 * given back when it is cancelled.
 */
export const bookingRequests = pgTable(
  'booking_requests',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** The link key of `get-by-uuid`, the questionnaire and the add-tourists links. */
    uuid: uuid().notNull().unique().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    tourId: integer()
      .notNull()
      .references(() => tours.id),
    tourDateId: integer().references(() => tourDates.id),
    /** 1 pending confirm … 8 canceled by admin (enums.yaml BookingRequestStatus). */
    status: smallint().notNull(),
    /** 1 concluded and prepaid, 2 terminated after payment, 3 no payments received. */
    contractStatus: smallint(),
    currency: text().notNull(),
    /** The whole price for every tourist. */
    price: integer().notNull(),
    /** What must be paid first; null when the date asks for no prepayment. */
    prepayment: integer(),
    paid: integer().notNull().default(0),
    /** Seats this request holds on its date (the tourists when it was created or changed). */
    seats: smallint().notNull(),
    contactName: text().notNull(),
    contactEmail: text().notNull(),
    contactPhone: text().notNull(),
    comment: text(),
    subscriberId: text(),
    utm: jsonb().$type<{ source?: string; campaign?: string; content?: string }>(),
    cancelMessage: text(),
    canceledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('booking_requests_user_idx').on(table.userId, table.createdAt.desc()),
    index('booking_requests_date_idx').on(table.tourDateId),
  ],
);

/** The people travelling on a request, in the order the traveller gave them. */
export const bookingTourists = pgTable(
  'booking_tourists',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    requestId: integer()
      .notNull()
      .references(() => bookingRequests.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    middleName: text(),
    birthday: date({ mode: 'string' }),
    email: text(),
    phone: text(),
    foodRestriction: text(),
    /** Kilograms: horses are matched to riders (spec: weight collected on this site). */
    weight: real(),
    /** Set once the traveller has filled this tourist in themselves. */
    isTouched: boolean().notNull().default(false),
    arrival: jsonb().$type<StoredTravelInfo>(),
    departure: jsonb().$type<StoredTravelInfo>(),
  },
  (table) => [index('booking_tourists_request_idx').on(table.requestId, table.position)],
);

/**
 * A payment of a request through a provider (decisions: "Payments"). No card data is stored:
 * only the provider's payment id, the status and the card's last four digits.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    requestId: integer()
      .notNull()
      .references(() => bookingRequests.id),
    /** 1 new, 2 paid, 3 canceled. */
    status: smallint().notNull().default(1),
    amount: integer().notNull(),
    currency: text().notNull(),
    paymentType: text({ enum: ['prepayment', 'payment', 'full'] }).notNull(),
    paymentMethod: text({ enum: ['sbp', 'card'] }).notNull(),
    providerId: smallint().notNull(),
    providerPaymentId: text().notNull(),
    idempotencyKey: text(),
    cardLast4: text(),
    /** Why the provider refused (declined, canceled), for support. */
    failureReason: text(),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payments_request_idx').on(table.requestId),
    uniqueIndex('payments_idempotency_key')
      .on(table.requestId, table.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    uniqueIndex('payments_provider_payment_key').on(table.providerId, table.providerPaymentId),
  ],
);
