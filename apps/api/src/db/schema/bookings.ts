import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { minorUnits } from './money.ts';
import { tourDates, tours } from './tours.ts';

/**
 * Arrival or departure of a tourist (docs/product.md, Entities, "Travel info"), as the contract
 * shapes it.
 */
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
 * A traveller's booking request for a tour date (docs/product.md, States, "Booking request
 * status"). Money is in minor units of `currency`, the currency the traveller booked in: the price
 * was converted from the date's own (`sourceCurrency`, `sourcePrice` per person) at `exchangeRate`
 * when the booking was made, and payments charge exactly these amounts (decision 089). Every
 * amount is a `minorUnits` column: a party's price in tögrögs or won passes 2^31 minor units.
 * Seats move only through `modules/bookings/transitions.ts`, in the transaction that changes the
 * request's status or riders, guarded by the locked row (decision 089).
 */
export const bookingRequests = pgTable(
  'booking_requests',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** The link key of `get-by-uuid`, the questionnaire and the add-tourists links. */
    uuid: uuid().notNull().unique().defaultRandom(),
    /**
     * The account the booking belongs to; null for a booking made signed out until its contact
     * e-mail is proven with a one-time code (then it joins that address's account).
     */
    userId: integer().references(() => users.id),
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
    price: minorUnits().notNull(),
    /** What must be paid first; null when the date asks for no prepayment. */
    prepayment: minorUnits(),
    /**
     * The prepayment terms the traveller booked under: the date's type and size then, a fixed
     * size in minor units of `currency` per traveller (converted as the price was). A change of
     * riders prices the prepayment by them, whatever the date asks of later bookings. Null:
     * a booking without a date (migration 0045 gave the others their date's terms of the day).
     */
    prepaymentType: text({ enum: ['percent', 'fixed', 'none'] }),
    prepaymentSize: minorUnits(),
    /** Credited by payments; never more than `price` (a check constraint holds it). */
    paid: minorUnits().notNull().default(0),
    /** Given back to the traveller (overpayments, payments after a cancellation). */
    refunded: minorUnits().notNull().default(0),
    /** The date's currency and per-person price the booking was converted from. */
    sourceCurrency: text(),
    sourcePrice: minorUnits(),
    /** Units of `currency` per unit of `sourceCurrency` at booking time. */
    exchangeRate: doublePrecision(),
    /** An unpaid hold ends here (an unproven guest's short hold); null: the usual rules. */
    holdUntil: timestamp({ withTimezone: true }),
    /** A request waiting for the organizer (status 1) is released after this if unanswered. */
    respondBy: timestamp({ withTimezone: true }),
    /** Why the organizer declined, shown to the traveller. */
    declineReason: text(),
    /** The cancellation tiers accepted at checkout (decision 091); null: booked before them. */
    cancellationPolicy: text(),
    cancellationTiers: jsonb().$type<{ days_before: number; refund_percent: number }[]>(),
    /** The last balance reminder sent, in days before the balance is due (7, then 2). */
    balanceRemindedDays: smallint(),
    /** Seats this request holds on its date (the tourists when it was created or changed). */
    seats: smallint().notNull(),
    /**
     * Heavier-horse places this request holds on its date: its riders above the tour's standard
     * weight limit (taken and given back with the seats, `seats.ts`).
     */
    heavyPlaces: smallint().notNull().default(0),
    /**
     * Companions coming along without riding (decision 118): each holds one of the date's
     * non-rider beds (`tour_dates.non_rider_places_free`), not a seat; `seats` counts riders.
     */
    nonRiders: smallint().notNull().default(0),
    /** What each non-rider pays, minor units of `currency`, fixed at booking; null: none. */
    nonRiderPrice: minorUnits(),
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
    // Bookings still open (awaiting the organizer or the first payment) are few among all: the
    // booking job's minute scan and the metrics gauge read them without a full scan.
    index('booking_requests_open_idx')
      .on(table.status)
      .where(sql`status in (1, 2)`),
    index('booking_requests_guest_email_idx')
      .on(table.contactEmail)
      .where(sql`user_id is null`),
    check(
      'booking_requests_paid_within_price',
      sql`${table.paid} >= 0 and ${table.paid} <= ${table.price}`,
    ),
    check('booking_requests_refunded_positive', sql`${table.refunded} >= 0`),
    check(
      'booking_requests_heavy_places_within_seats',
      sql`${table.heavyPlaces} >= 0 and ${table.heavyPlaces} <= ${table.seats}`,
    ),
    check(
      'booking_requests_non_riders_priced',
      sql`${table.nonRiders} >= 0 and (${table.nonRiders} = 0 or ${table.nonRiderPrice} >= 0)`,
    ),
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
    /** The rider's level as given (0 beginner … 4 advanced, `RIDER_LEVELS`); null: not given. */
    riderLevel: smallint(),
    /** The saddle the rider usually rides in, as given (a rider passport's tack); null: not given. */
    tack: text({ enum: ['english', 'western', 'other'] }),
    /** Hours a day the rider is comfortable riding, to a half hour (0.5–12); null: not given. */
    hoursPerDay: real(),
    /** False for a companion who comes along without riding (decision 118): no horse, a bed. */
    rides: boolean().notNull().default(true),
    /** Set once the traveller has filled this tourist in themselves. */
    isTouched: boolean().notNull().default(false),
    /**
     * Added to a booking that had paid, and not paid for yet: while the booking waits for the
     * rest of its prepayment (status 2, something paid) this tourist's place is held until the
     * booking's `holdUntil`, then given back (bookings' `added-riders.ts`). Meaningless once the
     * booking is prepaid again (status 3): a rider change clears it then.
     */
    addedUnpaid: boolean().notNull().default(false),
    arrival: jsonb().$type<StoredTravelInfo>(),
    departure: jsonb().$type<StoredTravelInfo>(),
  },
  (table) => [
    index('booking_tourists_request_idx').on(table.requestId, table.position),
    check('booking_tourists_rider_level_range', sql`${table.riderLevel} between 0 and 4`),
    check('booking_tourists_tack', sql`${table.tack} in ('english', 'western', 'other')`),
    check('booking_tourists_hours_per_day', sql`${table.hoursPerDay} between 0.5 and 12`),
    // A companion who does not ride takes no horse: no tack nor saddle hours (decision 118).
    check(
      'booking_tourists_non_rider_riding',
      sql`${table.rides} or (${table.tack} is null and ${table.hoursPerDay} is null)`,
    ),
  ],
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
    amount: minorUnits().notNull(),
    currency: text().notNull(),
    paymentType: text({ enum: ['prepayment', 'payment', 'full'] }).notNull(),
    paymentMethod: text({ enum: ['sbp', 'card'] }).notNull(),
    providerId: smallint().notNull(),
    providerPaymentId: text().notNull(),
    idempotencyKey: text(),
    cardLast4: text(),
    /** Why the provider refused (declined, canceled), or `voided` (another payment replaced it). */
    failureReason: text(),
    /** The part of this payment given back (it arrived when less was due). */
    refunded: minorUnits().notNull().default(0),
    /**
     * When the provider confirmed that the payment can no longer be charged (its void answered
     * voided, or already closed there). One Gallop closed (`voided`) without it may have been
     * charged meanwhile: reconciliation voids it again and applies a charge it finds.
     */
    voidConfirmedAt: timestamp({ withTimezone: true }),
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
    // A booking has at most one open payment (decisions: "Money").
    uniqueIndex('payments_one_open_per_request')
      .on(table.requestId)
      .where(sql`status = 1`),
    // Closed by Gallop, the provider not yet heard (`reconciliation.ts`).
    index('payments_unconfirmed_voids_idx')
      .on(table.updatedAt)
      .where(sql`status = 3 and failure_reason = 'voided' and void_confirmed_at is null`),
    // A payment of nothing credits nothing and moves no status (decision 184). Migration 0044
    // adds it NOT VALID: payments stored before are not rechecked, every new one is.
    check('payments_amount_positive', sql`${table.amount} > 0`),
  ],
);

/**
 * Money given back through the provider. Recorded in the transaction that decides it (a payment
 * that arrived when less was due); sent to the provider after that commit, and retried by the
 * booking job while `status` is 1 (pending).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    requestId: integer()
      .notNull()
      .references(() => bookingRequests.id),
    paymentId: integer()
      .notNull()
      .references(() => payments.id),
    amount: minorUnits().notNull(),
    currency: text().notNull(),
    /**
     * `overpaid` (more than was due), `amount-changed` (a first payment short of what a rider
     * change made due, given back whole), `booking-closed` (the booking was no longer open) or
     * `cancellation` (given back by the cancellation policy, or in full by the organizer).
     */
    reason: text().notNull(),
    /** 1 pending, 2 refunded by the provider. */
    status: smallint().notNull().default(1),
    providerRefundId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('refunds_pending_idx')
      .on(table.id)
      .where(sql`status = 1`),
    index('refunds_request_idx').on(table.requestId),
    check('refunds_amount_positive', sql`${table.amount} > 0`),
  ],
);

/**
 * The saved answers of creating calls sent with an `Idempotency-Key` (decision 089). The key row
 * is inserted in the transaction that creates the resource, so a crash leaves both or neither;
 * the answer is saved right after, and a replay answers it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The operation and the key's owner, e.g. `createBookingRequest/user:42`. */
    scope: text().notNull(),
    key: text().notNull(),
    /** sha256 of the caller and the request: the same key with another request is refused. */
    fingerprint: text().notNull(),
    /** What was created (a booking id), to rebuild the answer if it was not saved yet. */
    resourceId: integer(),
    statusCode: smallint(),
    response: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);
