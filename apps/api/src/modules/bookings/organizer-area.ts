/**
 * The signed-in organizer area (decisions, "Booking lifecycle"; issue 42): the bookings of the
 * tours run by the organizers a user is a member of (`organizer_members`), one booking as its
 * organizer sees it, and the organizer's answers: confirm and decline share `answerRequestRow`
 * with the e-mailed links, cancel moves the booking through `transitionBooking`. A booking of
 * another organizer's tour is a 404, never a 403: nobody learns that it exists. Staff and
 * support roles see nothing extra here.
 */
import type { components } from '@gallop/api-client';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  notInArray,
  sql,
  sum,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  chats,
  meetings,
  organizerMembers,
  payments,
  tourDates,
  tours,
} from '#src/db/schema/index.ts';
import { notFound } from '#src/http/http-error.ts';
import { actOnce, fingerprintOf } from '#src/http/idempotency.ts';
import { ridingBrief } from '#src/modules/catalog/index.ts';
import { organizerChatOf } from '#src/modules/chat/index.ts';
import { meetUrl, memberMeetKey, savedMeetings } from './meetings.ts';
import { PAID_PAYMENT, toPayment, type BookingPayments } from './payments-port.ts';
import {
  answerRequestRow,
  emailProofRequired,
  requiredReason,
  type OrganizerAnswer,
} from './organizer-answers.ts';
import {
  ACTIVE_STATUSES,
  findRequest,
  holdEndsAt,
  loadTourists,
  major,
  STATUS,
  toArrivalInfo,
  toTourist,
  type RequestRow,
} from './records.ts';
import {
  balanceDueDay,
  decideFor,
  isActive,
  type BookingEvent,
  type BookingStatus,
} from '@gallop/booking-rules';
import { todayIso } from '#src/shared/dates.ts';
import { settleCancellation } from './cancellations.ts';
import { decisionDayPassed } from './decision-day.ts';
import {
  transitionBookingIn,
  type TransitionRequest,
  type TransitionResult,
} from './transitions.ts';

type Schemas = components['schemas'];
export type OrganizerBooking = Schemas['OrganizerBooking'];
export type OrganizerDeparture = Schemas['OrganizerDeparture'];
type PaymentDue = Pick<
  OrganizerBooking,
  'left_to_pay' | 'hold_until' | 'balance_due_by' | 'balance_overdue'
>;
export type OrganizerBookingList = Schemas['OrganizerBookingList'];
type ListItem = Schemas['OrganizerBookingListItem'];
export type OrganizerBookingFilter = 'waiting' | 'active' | 'ended' | 'all';

export interface OrganizerAreaDeps {
  db: Database;
  publicUrl: string;
  /** Hours a confirmed, unpaid booking holds its seats (the confirmation starts the hold). */
  holdHours: number;
  now: () => Date;
  /** Voids the open payments an organizer's cancel closes. */
  payments: BookingPayments;
  /** Signs the members' meet page keys (the booking links' secret; read when used). */
  linkSecret: () => string;
}

/** Whether `n` can be a row id (PostgreSQL `integer`): larger numbers name no row. */
const isRowId = (n: number) => Number.isInteger(n) && n >= 1 && n <= 2_147_483_647;

const NOT_FOUND = () => notFound('Booking not found');

/** The ids of the tours run by the organizers `userId` is a member of (a subquery). */
export function memberTourIds(db: Database, userId: number) {
  return db
    .select({ id: tours.id })
    .from(tours)
    .innerJoin(organizerMembers, eq(organizerMembers.organizerId, tours.organizerId))
    .where(eq(organizerMembers.userId, userId));
}

function filterOf(filter: OrganizerBookingFilter, now: Date): SQL | undefined {
  switch (filter) {
    case 'waiting':
      // A request made signed out waits for its traveller's e-mail first (`emailProofRequired`).
      return and(
        eq(bookingRequests.status, STATUS.pendingConfirm),
        gt(bookingRequests.respondBy, now),
        isNotNull(bookingRequests.userId),
      );
    case 'active':
      return inArray(bookingRequests.status, [...ACTIVE_STATUSES]);
    case 'ended':
      return notInArray(bookingRequests.status, [...ACTIVE_STATUSES]);
    case 'all':
      return undefined;
  }
}

/** What a request waiting for the organizer can still be answered until (status 1 only). */
const respondByOf = (row: RequestRow) =>
  row.status === STATUS.pendingConfirm ? (row.respondBy?.toISOString() ?? null) : null;

/**
 * What the paid payments of each booking brought, minor units: a payment beyond what was due
 * is credited only as far as due (`paid`), and its excess counted in `refunded`, so what the
 * organizer keeps is this less `refunded`, as the booking's page reckons it.
 */
async function receivedBy(db: Database, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: payments.requestId, amount: sum(payments.amount).mapWith(Number) })
    .from(payments)
    .where(and(inArray(payments.requestId, ids), eq(payments.status, PAID_PAYMENT)))
    .groupBy(payments.requestId);
  return new Map(rows.map((row) => [row.id, row.amount]));
}

/**
 * Runs `read` in one snapshot of the database (a read-only, repeatable-read transaction), so the
 * separate queries of one answer see one moment: a booking page never lists the riders added
 * after its seats and price were read, nor a list its `received` after its `paid` (the traveller
 * adding riders or paying while the organizer reads). On PGlite a transaction has the database
 * to itself, which gives the same.
 */
function inOneSnapshot<T>(db: Database, read: (snapshot: Database) => Promise<T>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    return read(tx);
  });
}

/** The bookings of the member's tours, newest first, one page of them (one snapshot). */
export function listOrganizerBookings(
  db: Database,
  userId: number,
  query: { filter: OrganizerBookingFilter; page: number; perPage: number; now: Date },
): Promise<OrganizerBookingList> {
  return inOneSnapshot(db, (snapshot) => listIn(snapshot, userId, query));
}

async function listIn(
  db: Database,
  userId: number,
  query: { filter: OrganizerBookingFilter; page: number; perPage: number; now: Date },
): Promise<OrganizerBookingList> {
  const where = and(
    inArray(bookingRequests.tourId, memberTourIds(db, userId)),
    filterOf(query.filter, query.now),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        booking: bookingRequests,
        tourName: tours.name,
        start: tourDates.startDate,
        end: tourDates.endDate,
      })
      .from(bookingRequests)
      .innerJoin(tours, eq(tours.id, bookingRequests.tourId))
      .leftJoin(tourDates, eq(tourDates.id, bookingRequests.tourDateId))
      .where(where)
      .orderBy(desc(bookingRequests.createdAt), desc(bookingRequests.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(bookingRequests).where(where),
  ]);
  const totalCount = Number(total?.value ?? 0);
  const received = await receivedBy(
    db,
    rows.map(({ booking }) => booking.id),
  );
  return {
    items: rows.map(({ booking, tourName, start, end }): ListItem => ({
      id: booking.id,
      status: booking.status as ListItem['status'],
      tour_name: tourName,
      start,
      end,
      seats: booking.seats,
      non_riders: booking.nonRiders,
      contact_name: booking.contactName,
      email_proof_required: emailProofRequired(booking),
      respond_by: respondByOf(booking),
      price: major(booking.price),
      paid: major(booking.paid),
      received: major(received.get(booking.id) ?? 0),
      refunded: major(booking.refunded),
      currency: booking.currency as ListItem['currency'],
      created_at: booking.createdAt.toISOString(),
    })),
    pagination: {
      page: query.page,
      per_page: query.perPage,
      total: totalCount,
      page_count: Math.max(1, Math.ceil(totalCount / query.perPage)),
    },
  };
}

/** Booking `id` when `userId` is a member of its tour's organizer; 404 for anyone else. */
async function memberBooking(db: Database, userId: number, id: number): Promise<RequestRow> {
  const [found] = !isRowId(id)
    ? []
    : await db
        .select({ booking: bookingRequests })
        .from(bookingRequests)
        .where(
          and(
            eq(bookingRequests.id, id),
            inArray(bookingRequests.tourId, memberTourIds(db, userId)),
          ),
        )
        .limit(1);
  if (!found) throw NOT_FOUND();
  return found.booking;
}

/**
 * Booking `id` as the member `userId` sees it now (the organizer's booking page), its row, riders
 * and payments read in one snapshot (`inOneSnapshot`); 404 when they may not see it.
 */
export function organizerBookingNow(
  deps: Pick<OrganizerAreaDeps, 'db' | 'publicUrl' | 'linkSecret' | 'holdHours'>,
  userId: number,
  id: number,
  now: Date,
): Promise<OrganizerBooking> {
  return inOneSnapshot(deps.db, async (db) =>
    toOrganizerBooking({ ...deps, db }, await memberBooking(db, userId, id), now),
  );
}

/** The booking as its organizer sees it, with the answers the status machine allows now. */
export async function toOrganizerBooking(
  deps: Pick<OrganizerAreaDeps, 'db' | 'publicUrl' | 'linkSecret' | 'holdHours'>,
  row: RequestRow,
  now: Date,
): Promise<OrganizerBooking> {
  const { db } = deps;
  const [[tour], [date], riders, paymentRows, [meeting], saved, [chat]] = await Promise.all([
    db
      .select({
        name: tours.name,
        riderLevel: tours.riderLevel,
        hoursLongestDay: tours.hoursLongestDay,
        tack: tours.tack,
        otherTackOnRequest: tours.otherTackOnRequest,
        maxRiderWeightKg: tours.maxRiderWeightKg,
        heavyRiderWeightKg: tours.heavyRiderWeightKg,
        minRidingAge: tours.minRidingAge,
        maxRidingAge: tours.maxRidingAge,
        nonRidersWelcome: tours.nonRidersWelcome,
      })
      .from(tours)
      .where(eq(tours.id, row.tourId)),
    row.tourDateId === null
      ? Promise.resolve([])
      : db.select().from(tourDates).where(eq(tourDates.id, row.tourDateId)),
    loadTourists(db, [row.id]).then((byRequest) => byRequest.get(row.id) ?? []),
    db
      .select()
      .from(payments)
      .where(eq(payments.requestId, row.id))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
    db.select({ id: meetings.id }).from(meetings).where(eq(meetings.requestId, row.id)),
    savedMeetings(db, [row.id]),
    // The traveller's conversation with the tour's organizer, which the booking's notices opened.
    row.userId === null
      ? Promise.resolve([])
      : db
          .select({ id: chats.id })
          .from(chats)
          .innerJoin(tours, eq(tours.id, row.tourId))
          .where(organizerChatOf(row.userId, tours.organizerId))
          .limit(1),
  ]);
  const facts = {
    status: row.status as BookingStatus,
    respondBy: row.respondBy,
    start: date?.startDate,
    end: date?.endDate,
  };
  const may = (event: BookingEvent) => decideFor(facts, event, 'organizer', now).kind === 'move';
  const details = saved.get(row.id);
  const answer: OrganizerBooking = {
    id: row.id,
    status: row.status as OrganizerBooking['status'],
    tour_id: row.tourId,
    tour_name: tour?.name ?? '',
    start: date?.startDate ?? null,
    end: date?.endDate ?? null,
    seats: row.seats,
    heavy_places: row.heavyPlaces,
    non_riders: row.nonRiders,
    max_rider_weight_kg: tour?.maxRiderWeightKg ?? 0,
    // What the page matches each rider against (`matchRider`, the card's rule). A booking's tour
    // is never deleted (the request references it).
    riding: ridingBrief(tour!),
    departure: date ? toDeparture(date, now) : null,
    tourists: riders.map((rider) => toTourist(rider, 'organizer', false)),
    comment: row.comment,
    contact_name: row.contactName,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    arrival: toArrivalInfo(row.id, riders),
    payments: paymentRows.map(toPayment),
    price: major(row.price),
    prepayment: row.prepayment === null ? null : major(row.prepayment),
    paid: major(row.paid),
    refunded: major(row.refunded),
    ...paymentDue(row, date, deps.holdHours, now),
    currency: row.currency as OrganizerBooking['currency'],
    respond_by: respondByOf(row),
    decline_reason: row.declineReason,
    cancel_message: row.cancelMessage,
    created_at: row.createdAt.toISOString(),
    email_proof_required: emailProofRequired(row),
    can_confirm: may('organizer-confirms') && !emailProofRequired(row),
    can_decline: may('organizer-declines'),
    can_cancel: may('organizer-cancels'),
    chat_id: chat?.id ?? null,
  };
  if (meeting) {
    answer.meeting = {
      meet_url: meetUrl(memberMeetKey(meeting.id, deps.linkSecret()), deps.publicUrl),
      files: details?.files ?? [],
      ...(details ? { text: details.text, updated_at: details.updated_at } : {}),
    };
  }
  return answer;
}

/**
 * What is left to pay and by when, as the traveller is told it (`hold_until`, the balance's day),
 * except that the organizer reads the due day as it was set, so a rest paid late shows as late.
 * A completed tour keeps what was never collected; a booking that did not go ahead owes nothing.
 */
function paymentDue(
  row: RequestRow,
  date: Pick<typeof tourDates.$inferSelect, 'startDate' | 'fullPaymentDays'> | undefined,
  holdHours: number,
  now: Date,
): PaymentDue {
  const goesAhead = isActive(row.status) || row.status === STATUS.tourComplete;
  const left = goesAhead ? Math.max(row.price - row.paid, 0) : 0;
  const dueDay = left > 0 && date ? balanceDueDay(date.startDate, date.fullPaymentDays) : null;
  const holdEnd = isActive(row.status) ? holdEndsAt(row, holdHours) : null;
  return {
    left_to_pay: major(left),
    hold_until: holdEnd?.toISOString() ?? null,
    balance_due_by: dueDay,
    // Before the first payment the hold decides, not the balance's day.
    balance_overdue: row.paid > 0 && dueDay !== null && dueDay < todayIso(now),
  };
}

/**
 * The booking's date as it stands, counted across every booking on it, and whether its organizer
 * may still decide it as a whole (decision 148: not guaranteed, not called off, not started;
 * decision 178: its decision day not passed, else the booking job is calling it off).
 */
export function toDeparture(date: typeof tourDates.$inferSelect, now: Date): OrganizerDeparture {
  const undecided =
    date.notGuaranteed && date.cancelledAt === null && date.startDate > todayIso(now);
  const dayPassed = decisionDayPassed(date, now);
  return {
    id: date.id,
    seats: date.numberOfSeats,
    seats_free: date.numberOfFreeSeats,
    heavy_places: date.heavyPlaces,
    heavy_places_free: date.heavyPlacesFree,
    non_rider_places: date.nonRiderPlaces,
    non_rider_places_free: date.nonRiderPlacesFree,
    guaranteed: !date.notGuaranteed,
    min_riders: date.notGuaranteed ? date.minRiders : null,
    decision_date: date.notGuaranteed ? date.decisionDate : null,
    cancelled: date.cancelledAt !== null,
    can_decide: undecided && !dayPassed,
    decision_day_passed: undecided && dayPassed,
  };
}

/** Confirms or declines a request of the member's tour, as the e-mailed links do. */
export async function answerAsMember(
  deps: OrganizerAreaDeps,
  userId: number,
  id: number,
  input: OrganizerAnswer,
): Promise<TransitionResult> {
  const row = await memberBooking(deps.db, userId, id);
  return answerRequestRow({ ...deps, now: deps.now() }, row, input);
}

/**
 * Cancels a confirmed or paid booking of the member's tour (2, 3 → 6) with the reason the
 * traveller reads; after the commit, voids the payments the move closed and sends the refunds
 * `transitionBookingIn` recorded (its notices tell everyone). With an `Idempotency-Key`
 * (decision 167) a replay answers the first request's booking and settles nothing again.
 */
export async function cancelAsMember(
  deps: OrganizerAreaDeps,
  call: { userId: number; id: number; reason: string | undefined; idempotencyKey?: string },
): Promise<OrganizerBooking> {
  const row = await memberBooking(deps.db, call.userId, call.id);
  const message = requiredReason(call.reason);
  const request = organizerCancel(message, deps.now(), { publicUrl: deps.publicUrl });
  const answered = await actOnce({
    db: deps.db,
    scope: 'cancelOrganizerBooking',
    owner: `user:${call.userId}`,
    key: call.idempotencyKey,
    fingerprint: fingerprintOf({ user: call.userId, id: call.id, reason: call.reason }),
    statusCode: 200,
    act: async (tx) => ({ id: row.id, done: await transitionBookingIn(tx, row.id, request) }),
    answer: async (id) => toOrganizerBooking(deps, (await findRequest(deps.db, id))!, deps.now()),
  });
  if (!answered.replayed) await settleCancellation(deps, answered.done);
  return answered.body;
}

/** The organizer's cancel of a confirmed or paid booking (2, 3 → 6), everything paid refunded. */
export function organizerCancel(
  message: string,
  now: Date,
  notify: TransitionRequest['notify'],
): TransitionRequest {
  return {
    event: 'organizer-cancels',
    actor: 'organizer',
    now,
    changes: () => ({ cancelMessage: message, canceledAt: now }),
    notify,
  };
}
