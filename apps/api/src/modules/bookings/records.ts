/**
 * Booking requests as the contract shapes them (`BookingRequest`, `Tourist`, `TouristsInfo`,
 * `ArrivalInfo`), and the one place that decides who may open a request.
 */
import type { components } from '@gallop/api-client';
import { RIDER_LEVELS } from '@gallop/rider-fit';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, bookingTourists, refunds, tourDates } from '#src/db/schema/index.ts';
import { HttpError, notFound } from '#src/http/http-error.ts';
import {
  loadTourCards,
  toTourDate,
  type CardContext,
  type TourSummary,
} from '#src/modules/catalog/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import type { Rates } from '#src/shared/money/rates.ts';
import { savedMeetings } from './meetings.ts';
import { riderName } from './wording.ts';
import {
  balanceDueBy,
  isActive,
  nextRefundChange,
  openPaymentTypes,
  STATUS,
  tiersOfBooking,
  toCancellationPolicy,
} from '@gallop/booking-rules';
import { removalKeepsPaid } from './added-riders.ts';
import { cancellationRefund } from './cancellation-refunds.ts';

export type BookingRequest = components['schemas']['BookingRequest'];
/** A booking as any reader reads it: without its `uuid` for the organizer and support. */
export type BookingRequestView = components['schemas']['BookingRequestView'];
export type Tourist = components['schemas']['Tourist'];
export type RequestRow = typeof bookingRequests.$inferSelect;
export type TouristRow = typeof bookingTourists.$inferSelect;

export { ACTIVE_STATUSES, STATUS } from '@gallop/booking-rules';
export const CONTRACT_STATUS = { prepaid: 1, terminatedAfterPayment: 2, noPayments: 3 } as const;

export const forbidden = (message = 'This booking belongs to another account') =>
  new HttpError(403, message);

/** Minor units as the contract's major-unit number. */
export const major = (minorUnits: number) => minorUnits / 100;

/** An amount the contract gives in major units, as stored (hundredths). */
export const minor = (majorUnits: number) => Math.round(majorUnits * 100);

/** When a traveller's cancellation next gives back less (`refund_falls`), named on the page. */
function refundFalls(
  row: RequestRow,
  start: string | undefined,
  today: string,
): BookingRequest['refund_falls'] {
  const change = nextRefundChange(tiersOfBooking(row), row.paid, start, today);
  return change ? { at: `${change.day}T00:00:00.000Z`, refund: major(change.refund) } : null;
}

export { riderName };

/**
 * Who reads a booking's riders: only its traveller and its organizer see their weights; `link`
 * holds the booking's link alone (not signed in as its owner).
 */
export type RiderReader = 'traveller' | 'organizer' | 'support' | 'link';

/** The readers on the other side of a traveller's chat, who act from their own pages. */
export type StaffReader = 'organizer' | 'support';

/**
 * Whether `reader` reads the booking's `uuid`: its link, which changes the riders' details and
 * writes the verified review in the traveller's name (decisions 093, 165), so the traveller's
 * side only; the organizer and support open a booking by its id.
 */
const readsLink = (reader: RiderReader) => reader === 'traveller' || reader === 'link';

/**
 * What `reader` may do to a booking whose riders can change (`editable`): its owner pays, cancels
 * and changes riders; a link holder changes riders' names, contacts and food through the
 * questionnaires (decision 137); the organizer and support act from their own pages, not these
 * calls. The answer's `can_*` say this, so a page offers only what will not be refused.
 */
function readerMay(reader: RiderReader) {
  return { own: reader === 'traveller', fillIn: reader === 'traveller' || reader === 'link' };
}

/**
 * A rider as the contract shapes it. `editable`: the booking is active and its tour ahead;
 * `removable` (default `editable`): taking this tourist off would not price the booking below what
 * is paid (`changeRidersIn` refuses that, support refunds it). The weight is private to the
 * traveller and the booking's organizer (decisions: "Riding"); `can_*` are the reader's.
 */
export function toTourist(
  row: TouristRow,
  reader: RiderReader,
  editable: boolean,
  removable = editable,
): Tourist {
  const may = readerMay(reader);
  return {
    id: row.id,
    full_name: riderName(row),
    first_name: row.firstName,
    last_name: row.lastName,
    middle_name: row.middleName,
    birthday: row.birthday,
    passport: null,
    email: row.email,
    phone: row.phone,
    food_restriction: row.foodRestriction,
    weight: reader === 'traveller' || reader === 'organizer' ? row.weight : null,
    level: row.riderLevel === null ? null : (RIDER_LEVELS[row.riderLevel] ?? null),
    tack: row.tack,
    hours_per_day: row.hoursPerDay,
    rides: row.rides,
    is_touched: row.isTouched,
    can_edit: may.fillIn && editable,
    // The first tourist is the one who booked; a request keeps at least one.
    can_delete: may.own && editable && removable && row.position > 0,
  };
}

export async function loadTourists(db: Database, requestIds: readonly number[]) {
  if (requestIds.length === 0) return new Map<number, TouristRow[]>();
  const rows = await db
    .select()
    .from(bookingTourists)
    .where(inArray(bookingTourists.requestId, [...requestIds]))
    .orderBy(asc(bookingTourists.requestId), asc(bookingTourists.position));
  const byRequest = new Map<number, TouristRow[]>();
  for (const row of rows) {
    byRequest.set(row.requestId, [...(byRequest.get(row.requestId) ?? []), row]);
  }
  return byRequest;
}

/**
 * When an unpaid, confirmed booking's hold ends: its `hold_until` (a guest's short hold, or set
 * when the organizer confirmed), else its creation plus the hold hours. A booking that has paid
 * holds by time only the riders added since, until their share is paid (`hold_until`,
 * `added-riders.ts`). None for a booking that holds nothing by time (awaiting the organizer, or
 * prepaid). The booking's page shows the same end; the booking job releases by it.
 */
export function holdEndsAt(row: RequestRow, holdHours: number): Date | null {
  if (row.paid > 0) return row.status === STATUS.pendingPrepayment ? row.holdUntil : null;
  if (row.holdUntil) return row.holdUntil;
  if (row.status !== STATUS.pendingPrepayment) return null;
  return new Date(row.createdAt.getTime() + holdHours * 3_600_000);
}

/** The status a traveller sees: a prepaid request whose tour has ended is complete. */
function shownStatus(row: RequestRow, endDate: string | undefined, today: string): number {
  if (row.status === STATUS.madePrepayment && endDate !== undefined && endDate < today) {
    return STATUS.tourComplete;
  }
  return row.status;
}

/** What each rider of `row` pays: its price without its non-riders', over its riders. */
export function perRiderPrice(row: RequestRow): number {
  const ridersPrice = row.price - row.nonRiders * (row.nonRiderPrice ?? 0);
  return row.seats > 0 ? Math.round(ridersPrice / row.seats) : 0;
}

/**
 * The price of `row` with `riders` riders and `nonRiders` companions: each rider at its
 * per-rider price, each companion at the agreed non-rider price (`changeRidersIn` prices so).
 */
export function priceWith(row: RequestRow, riders: number, nonRiders: number): number {
  return perRiderPrice(row) * riders + (row.nonRiderPrice ?? 0) * nonRiders;
}

/** Arrival and departure of each rider (`ArrivalInfo`), in the riders' order. */
export function toArrivalInfo(
  requestId: number,
  riders: readonly TouristRow[],
): components['schemas']['ArrivalInfo'] {
  return {
    request_id: requestId,
    tourists: riders.map((t) => ({
      tourist_id: t.id,
      name: riderName(t),
      ...(t.arrival ? { arrival: t.arrival } : {}),
      ...(t.departure ? { departure: t.departure } : {}),
    })),
  };
}

/** The refunds of some bookings, newest first, by booking id. */
async function loadRefunds(db: Database, requestIds: readonly number[]) {
  const rows = await db
    .select()
    .from(refunds)
    .where(inArray(refunds.requestId, [...requestIds]))
    .orderBy(desc(refunds.id));
  const byRequest = new Map<number, BookingRequest['refunds'] & object>();
  for (const row of rows) {
    const list = byRequest.get(row.requestId) ?? [];
    list.push({
      id: row.id,
      amount: major(row.amount),
      currency: row.currency as BookingRequest['currency'],
      reason: row.reason as NonNullable<BookingRequest['refunds']>[number]['reason'],
      status: row.status === 2 ? 'refunded' : 'pending',
      created_at: row.createdAt.toISOString(),
    });
    byRequest.set(row.requestId, list);
  }
  return byRequest;
}

/** Hours a confirmed, unpaid booking holds its seats (`BOOKING_HOLD_HOURS`). */
export const DEFAULT_HOLD_HOURS = 72;

export interface ViewContext {
  /** Who asks: support and a link holder read no rider weights. */
  reader: RiderReader;
  /** Hours a confirmed, unpaid booking holds its seats (default 72). */
  holdHours?: number;
  currency: string;
  rates: Rates;
  withAlt?: boolean;
  now?: Date;
}

/**
 * Contract answers for `rows`, in their order: one query each for tourists, dates and tours.
 * A staff reader's answers leave out the `uuid` (`readsLink`).
 */
export function toBookingRequests(
  db: Database,
  rows: readonly RequestRow[],
  view: ViewContext & { reader: StaffReader },
): Promise<BookingRequestView[]>;
/** The traveller's side: its views read as `traveller` or `link` (`travellerView`). */
export function toBookingRequests(
  db: Database,
  rows: readonly RequestRow[],
  view: ViewContext,
): Promise<BookingRequest[]>;
export async function toBookingRequests(
  db: Database,
  rows: readonly RequestRow[],
  view: ViewContext,
): Promise<BookingRequestView[]> {
  if (rows.length === 0) return [];
  const today = todayIso(view.now);
  const context: CardContext = {
    currency: view.currency,
    rates: view.rates,
    withAlt: view.withAlt ?? false,
    today,
  };
  const dateIds = rows.flatMap((row) => (row.tourDateId === null ? [] : [row.tourDateId]));
  const [tourists, dates, cards, meetings, refundsOf] = await Promise.all([
    loadTourists(
      db,
      rows.map((row) => row.id),
    ),
    dateIds.length > 0
      ? db.select().from(tourDates).where(inArray(tourDates.id, dateIds))
      : Promise.resolve([]),
    loadTourCards(
      db,
      rows.map((row) => row.tourId),
      context,
    ),
    savedMeetings(
      db,
      rows.map((row) => row.id),
    ),
    loadRefunds(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  const dateById = new Map(dates.map((date) => [date.id, date]));
  const cardById = new Map<number, TourSummary>(cards.map((card) => [card.id, card]));
  return rows.flatMap((row) => {
    const tour = cardById.get(row.tourId);
    if (!tour) return [];
    const date = row.tourDateId === null ? undefined : dateById.get(row.tourDateId);
    const status = shownStatus(row, date?.endDate, today);
    const beforeStart = date === undefined || date.startDate > today;
    const active = isActive(status);
    const payable = row.price > 0 && openPaymentTypes(row).length > 0;
    const unproven = row.userId === null;
    // Once the hold has ended a payment start is refused (409, decision 144), even before the
    // booking job releases the seats: the answer offers no payment and names no later due day.
    const holdEnd = holdEndsAt(row, view.holdHours ?? DEFAULT_HOLD_HOURS);
    const holdEnded = holdEnd !== null && holdEnd.getTime() <= (view.now ?? new Date()).getTime();
    const owner = readerMay(view.reader).own;
    const answer: BookingRequestView = {
      id: row.id,
      ...(readsLink(view.reader) ? { uuid: row.uuid } : {}),
      status: status as BookingRequest['status'],
      tour,
      tourists: (tourists.get(row.id) ?? []).map((tourist, _, party) =>
        toTourist(
          tourist,
          view.reader,
          active && beforeStart,
          // A removal that would price the riders paid for below what was paid goes through
          // support (`changeRidersIn`), so the page offers none.
          removalKeepsPaid(row, date, party, tourist.id, view.now ?? new Date()),
        ),
      ),
      price: major(row.price),
      prepayment: row.prepayment === null ? null : major(row.prepayment),
      non_riders: row.nonRiders,
      non_rider_price: row.nonRiderPrice === null ? null : major(row.nonRiderPrice),
      paid: major(row.paid),
      refunded: major(row.refunded),
      currency: row.currency,
      hold_until: active ? (holdEnd?.toISOString() ?? null) : null,
      email_proof_required: unproven && active,
      respond_by: status === STATUS.pendingConfirm ? (row.respondBy?.toISOString() ?? null) : null,
      decline_reason: row.declineReason,
      cancel_reason: isActive(row.status) ? null : row.cancelMessage,
      chat_id: null,
      comment: row.comment,
      created_at: row.createdAt.toISOString(),
      reader: view.reader,
      can_cancel: owner && active && beforeStart,
      cancellation_policy: toCancellationPolicy(row.cancellationPolicy, tiersOfBooking(row)),
      refund_if_canceled_today:
        active && beforeStart
          ? major(cancellationRefund(row, 'traveller', date?.startDate, view.now ?? new Date()))
          : null,
      refund_falls: active && beforeStart ? refundFalls(row, date?.startDate, today) : null,
      refunds: refundsOf.get(row.id) ?? [],
      balance_due_by:
        active && !holdEnded && row.paid < row.price && date
          ? balanceDueBy(date.startDate, date.fullPaymentDays, today)
          : null,
      // Paying waits for the organizer's confirmation (status 1).
      can_pay:
        owner &&
        payable &&
        !unproven &&
        beforeStart &&
        !holdEnded &&
        (status === STATUS.pendingPrepayment || status === STATUS.madePrepayment),
    };
    if (row.contractStatus !== null) {
      answer.contract_status = row.contractStatus as NonNullable<BookingRequest['contract_status']>;
    }
    if (date) answer.tour_date = toTourDate(date, context);
    const meeting = meetings.get(row.id);
    if (meeting) answer.meeting = meeting;
    return [answer];
  });
}

export function toBookingRequest(
  db: Database,
  row: RequestRow,
  view: ViewContext & { reader: StaffReader },
): Promise<BookingRequestView>;
export function toBookingRequest(
  db: Database,
  row: RequestRow,
  view: ViewContext,
): Promise<BookingRequest>;
export async function toBookingRequest(db: Database, row: RequestRow, view: ViewContext) {
  const [answer] = await toBookingRequests(db, [row], view);
  // The tour of a request is never deleted; a missing card would be a broken database.
  if (!answer) throw notFound('Tour not found');
  return answer;
}

export async function findRequest(db: Database, id: number): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id)).limit(1);
  return row;
}

export async function findRequestByUuid(
  db: Database,
  uuid: string,
): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.uuid, uuid))
    .limit(1);
  return row;
}

/** The request behind a link key; 404 when unknown. */
export async function requestByUuid(db: Database, uuid: string): Promise<RequestRow> {
  const row = await findRequestByUuid(db, uuid);
  if (!row) throw notFound('Booking request not found');
  return row;
}

/** The request `id` of `userId`: 404 when there is none, 403 when it is someone else's. */
export async function ownRequest(db: Database, id: number, userId: number): Promise<RequestRow> {
  const row = await findRequest(db, id);
  if (!row) throw notFound('Booking request not found');
  if (row.userId !== userId) throw forbidden();
  return row;
}
