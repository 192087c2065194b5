/**
 * Every change of a booking's status or riders, with its seats and open payments, happens here:
 * in one transaction that first locks the booking's row (`SELECT … FOR UPDATE`), decides on that
 * locked state (`status-machine.ts`), and applies the seat delta computed from the locked rider
 * count (decision 089). Two cancels or rider changes sent at once therefore run one after the
 * other: the second sees the first's result, releases nothing more and answers the same.
 *
 * Services take the database, return typed results, and throw `HttpError`s (409 for a wrong
 * state); handlers stay thin. Provider calls (voiding the payments a cancel closes) happen after
 * the commit, never inside a transaction.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  bookingTourists,
  outbox,
  payments,
  tourDates,
  tours,
} from '#src/db/schema/index.ts';
import { HttpError, unprocessable } from '#src/http/http-error.ts';
import { ridersCountedSql } from '#src/modules/catalog/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { refuseInexactAmounts } from './amounts.ts';
import {
  cancellationRefund,
  recordCancellationRefund,
  type RecordedRefund,
} from './cancellation-refunds.ts';
import { paidPartyAfter, prepaymentFor, waitsForAddedRiders } from './added-riders.ts';
import { decisionDayAheadSql } from './decision-day.ts';
import { isUnpaidHold, lockUnprovenHolder, refuseUnprovenGrowth } from './guests.ts';
import type { Guarantee, GuaranteeCause } from './messages.ts';
import { tellEveryone, tellGuaranteed, type NoticeOptions, type RiderChanges } from './notices.ts';
import {
  ACTIVE_STATUSES,
  amountDue,
  decideFor,
  isActive,
  releasesSeats,
  type Actor,
  type BookingEvent,
  type BookingStatus,
} from '@gallop/booking-rules';
import { CONTRACT_STATUS, priceWith, STATUS, type RequestRow } from './records.ts';
import {
  A_RIDER_NEEDED,
  NON_RIDERS_ADD_LATER,
  placesFor,
  placesShortError,
  refuseOverweight,
} from './rider-places.ts';
import { releasePlaces, takePlaces } from './seats.ts';
import {
  refuseBlankNames,
  refuseOutsideRidingAges,
  touristValues,
  withKeptWeight,
  type TouristInput,
} from './tourists.ts';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type OutboxValues = typeof outbox.$inferInsert;
type PaymentRow = typeof payments.$inferSelect;

export const conflict = (message: string) => new HttpError(409, message);

export const CANNOT_CHANGE = 'This booking can no longer be changed';

/** The booking's row, locked until the transaction ends; undefined when there is none. */
export async function lockBooking(tx: Transaction, id: number): Promise<RequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.id, id))
    .for('update');
  return row;
}

/**
 * The booking's row locked after its date's row: the order every transaction on a date takes
 * them, since the booking that reaches a minimum group holds the date and then locks every
 * booking on it (`guaranteeIfReached`). A booking locked first and its date second would close a
 * cycle PostgreSQL breaks by failing one side (40P01). Undefined when there is no such booking.
 */
export async function lockBookingAfterDate(
  tx: Transaction,
  id: number,
): Promise<RequestRow | undefined> {
  for (;;) {
    const [seen] = await tx
      .select({ dateId: bookingRequests.tourDateId })
      .from(bookingRequests)
      .where(eq(bookingRequests.id, id));
    if (!seen) return undefined;
    if (seen.dateId !== null) {
      await tx
        .select({ id: tourDates.id })
        .from(tourDates)
        .where(eq(tourDates.id, seen.dateId))
        .for('update');
    }
    const row = await lockBooking(tx, id);
    // Moved to another date between the two reads (only the dev tour-end does): lock that one.
    if (!row || row.tourDateId === seen.dateId) return row;
  }
}

/** The start day of the booking's date, read in the transaction (none: a tour on request). */
async function startDateOf(tx: Transaction, row: RequestRow) {
  if (row.tourDateId === null) return undefined;
  const [date] = await tx.select().from(tourDates).where(eq(tourDates.id, row.tourDateId));
  return date;
}

export interface TransitionRequest {
  event: BookingEvent;
  actor: Actor;
  now: Date;
  /** Further refusals on the locked row (paid meanwhile) and its date's start: the 409's message. */
  refuse?: (row: RequestRow, start: string | undefined) => string | undefined;
  /** Columns the move sets besides the status. */
  changes?: (row: RequestRow) => Partial<typeof bookingRequests.$inferInsert>;
  /** Messages queued besides the notices everyone gets, once, when the booking moved. */
  messages?: (moved: RequestRow) => OutboxValues[];
  /** Where the notices' links point (`notices.ts`). */
  notify: NoticeOptions;
  /**
   * Runs in the move's transaction once the booking moved, before anyone is told: the guarantee
   * the move brought (the organizer's confirmation on a not-guaranteed date, decision 148), told
   * in the move's own notices.
   */
  guarantee?: (tx: Transaction, moved: RequestRow) => Promise<Guarantee | undefined>;
}

export interface TransitionResult {
  kind: 'moved' | 'unchanged';
  row: RequestRow;
  /** Open payments the move closed: void them at the provider after the commit. */
  closedPayments: PaymentRow[];
  /** Refunds the move recorded (a paid booking cancelled): send them after the commit. */
  refundIds: number[];
  /** What the cancellation gives back, minor units of the booking's currency. */
  refunded: number;
}

/**
 * Applies `event` to booking `id`: 404 unknown, 409 when its state refuses the event, `unchanged`
 * when the event already happened (a repeated cancel), else `moved` with seats released and open
 * payments closed when the move cancels it.
 */
export async function transitionBooking(
  db: Database,
  id: number,
  request: TransitionRequest,
): Promise<TransitionResult> {
  return db.transaction((tx) => transitionBookingIn(tx, id, request));
}

/**
 * `transitionBooking` inside a transaction the caller holds: a date decided as a whole moves
 * each of its bookings in the date's one transaction (`departures.ts`).
 */
export async function transitionBookingIn(
  tx: Transaction,
  id: number,
  request: TransitionRequest,
): Promise<TransitionResult> {
  const row = await lockBookingAfterDate(tx, id);
  if (!row) throw new HttpError(404, 'Booking request not found');
  const date = await startDateOf(tx, row);
  const facts = {
    status: row.status as BookingStatus,
    respondBy: row.respondBy,
    start: date?.startDate,
    end: date?.endDate,
  };
  const decision = decideFor(facts, request.event, request.actor, request.now);
  if (decision.kind === 'refused') throw conflict(decision.message);
  if (decision.kind === 'unchanged') {
    return { kind: 'unchanged', row, closedPayments: [], refundIds: [], refunded: 0 };
  }
  const refusal = request.refuse?.(row, date?.startDate);
  if (refusal) throw conflict(refusal);

  const [moved] = await tx
    .update(bookingRequests)
    .set({ ...request.changes?.(row), status: decision.to, updatedAt: request.now })
    .where(eq(bookingRequests.id, row.id))
    .returning();
  let closedPayments: PaymentRow[] = [];
  let refund: RecordedRefund = { amount: 0, refundIds: [] };
  if (releasesSeats(row.status, decision.to)) {
    if (row.tourDateId !== null) {
      await releasePlaces(tx, row.tourDateId, {
        seats: row.seats,
        heavy: row.heavyPlaces,
        nonRiders: row.nonRiders,
      });
    }
    closedPayments = await closeOpenPayments(tx, row.id, request.now);
    const owed = cancellationRefund(row, request.actor, date?.startDate, request.now);
    refund = await recordCancellationRefund(tx, row, owed);
  }
  const after =
    refund.amount > 0 ? { ...moved!, refunded: moved!.refunded + refund.amount } : moved!;
  const guarantee = await request.guarantee?.(tx, after);
  await tellEveryone(
    tx,
    { kind: 'status', event: request.event, booking: after, refunded: refund.amount, guarantee },
    request.notify,
  );
  const messages = request.messages?.(after) ?? [];
  if (messages.length > 0) await tx.insert(outbox).values(messages);
  return {
    kind: 'moved',
    row: after,
    closedPayments,
    refundIds: refund.refundIds,
    refunded: refund.amount,
  };
}

/**
 * The `failure_reason` of a payment Gallop closed itself: until the provider confirms the void
 * (`void_confirmed_at`), reconciliation asks again (payments' `reconciliation.ts`).
 */
export const CLOSED_BY_GALLOP = 'voided';

/** Marks a booking's open payment voided (the provider is told after the commit). */
export async function closeOpenPayments(
  tx: Transaction,
  requestId: number,
  now: Date,
): Promise<PaymentRow[]> {
  return tx
    .update(payments)
    .set({ status: 3, failureReason: CLOSED_BY_GALLOP, updatedAt: now })
    .where(and(eq(payments.requestId, requestId), eq(payments.status, 1)))
    .returning();
}

/** The cancellation a traveller asks for (decisions: traveller cancels, 1, 2, 3 → 5). */
export function travellerCancel(
  message: string | null,
  now: Date,
  notify: NoticeOptions,
  expectedRefund?: number,
): Omit<TransitionRequest, 'messages'> {
  return {
    event: 'traveller-cancels',
    actor: 'traveller',
    now,
    notify,
    // The refund the traveller was shown (hundredths): less now (a tier's day passed since the
    // page loaded) is a 409, so nobody cancels for less than they agreed to.
    refuse: (row, start) =>
      expectedRefund !== undefined &&
      cancellationRefund(row, 'traveller', start, now) < expectedRefund
        ? REFUND_CHANGED
        : undefined,
    changes: (row) => ({
      contractStatus:
        row.paid > 0 ? CONTRACT_STATUS.terminatedAfterPayment : CONTRACT_STATUS.noPayments,
      cancelMessage: message,
      canceledAt: now,
    }),
  };
}

/** A traveller's cancel that would now give back less than the page showed. */
export const REFUND_CHANGED =
  'What cancelling gives back has changed since this page was loaded. Check it and cancel again.';

export interface RiderChange {
  wanted: readonly TouristInput[];
  /** Riders not named in `wanted` stay (adding, questionnaires) or are removed (the owner). */
  keepMissing: boolean;
  now: Date;
  notify: NoticeOptions;
  /** Hours a booking confirmed by its date's guarantee holds its seats unpaid. */
  holdHours: number;
  /** Percent of a date's places unproven holders may hold together (`GUEST_DATE_SHARE`). */
  guestDateShare: number;
  /**
   * The caller may neither read nor change weights (the booking's link alone): every rider it
   * names keeps the weight stored, so its change takes or frees no heavier horse.
   */
  keepWeights?: boolean;
}

type StoredTourist = typeof bookingTourists.$inferSelect;

/** The ids of the named riders whose details differ from what is stored. */
function changedRiderIds(
  wanted: readonly TouristInput[],
  existing: readonly StoredTourist[],
): Set<number> {
  const stored = new Map(existing.map((t) => [t.id, t] as const));
  const changed = new Set<number>();
  for (const tourist of wanted) {
    const before = tourist.id === undefined ? undefined : stored.get(tourist.id);
    if (!before) continue;
    // Who rides is fixed once booked, so it is read from the stored rider.
    const after = touristValues({ ...tourist, rides: before.rides });
    const same = (Object.keys(after) as (keyof typeof after)[]).every(
      (key) => after[key] === before[key],
    );
    if (!same) changed.add(before.id);
  }
  return changed;
}

/** Marks the named riders as filled in by the traveller (`isTouched`). */
async function markTouched(tx: Transaction, wanted: readonly TouristInput[]): Promise<void> {
  const ids = wanted.flatMap((t) => (t.id === undefined ? [] : [t.id]));
  if (ids.length === 0) return;
  await tx.update(bookingTourists).set({ isTouched: true }).where(inArray(bookingTourists.id, ids));
}

/** `wanted` with each known rider's weight as stored (`RiderChange.keepWeights`). */
function withStoredWeights(
  wanted: readonly TouristInput[],
  existing: readonly { id: number; weight: number | null }[],
): TouristInput[] {
  const stored = new Map(existing.map((t) => [t.id, t.weight] as const));
  return wanted.map((t) =>
    t.id === undefined ? t : { ...t, weight: stored.get(t.id) ?? undefined },
  );
}

export interface RiderChangeResult {
  row: RequestRow;
  added: number;
  removed: number;
  /**
   * The open payment the change closed because what it charges is no longer due (the price or
   * the prepayment moved): void it at the provider after the commit (`settleVoids`).
   */
  closedPayments: PaymentRow[];
}

/**
 * Sets booking `id`'s riders to `change.wanted` (ids update, new ones are added, missing ones are
 * removed unless `keepMissing`), moving seats and the price with the locked rider count. A paid
 * booking keeps its paid amount: adding riders costs the agreed per-person price on top, their
 * share of the prepayment due within the hold (`added-riders.ts`), and a removal that would price
 * the riders paid for below what was paid is refused (support refunds it).
 */
export async function changeRiders(
  db: Database,
  id: number,
  change: RiderChange,
): Promise<RiderChangeResult> {
  return db.transaction((tx) => changeRidersIn(tx, id, change));
}

/** `changeRiders` inside a transaction the caller holds (an idempotent add of riders). */
export async function changeRidersIn(
  tx: Transaction,
  id: number,
  change: RiderChange,
): Promise<RiderChangeResult> {
  // An unproven holder's mailbox is locked before the date, in the order a booking takes them.
  const unprovenAs = await lockUnprovenHolder(tx, id);
  const row = await lockBookingAfterDate(tx, id);
  if (!row) throw new HttpError(404, 'Booking request not found');
  if (!isActive(row.status)) throw conflict(CANNOT_CHANGE);
  const date = await startDateOf(tx, row);
  if (date && date.startDate <= todayIso(change.now)) throw conflict(CANNOT_CHANGE);

  const existing = await tx
    .select()
    .from(bookingTourists)
    .where(eq(bookingTourists.requestId, row.id))
    .orderBy(bookingTourists.position);
  const existingIds = new Set(existing.map((tourist) => tourist.id));
  const unknown = change.wanted.findIndex((t) => t.id !== undefined && !existingIds.has(t.id));
  if (unknown >= 0) {
    throw unprocessable('Unknown tourist', { [`tourists.${unknown}.id`]: ['Unknown tourist'] });
  }
  refuseBlankNames(change.wanted);
  // Weights as kept (a tenth of a kilogram) before any heavier horse is counted on them.
  const asked = (
    change.keepWeights ? withStoredWeights(change.wanted, existing) : change.wanted
  ).map(withKeptWeight);
  const keptIds = new Set(asked.flatMap((t) => (t.id === undefined ? [] : [t.id])));
  const removed = change.keepMissing ? [] : existing.filter((t) => !keptIds.has(t.id));
  if (removed.some((t) => t.position === 0)) {
    throw unprocessable('The first tourist cannot be removed', {
      tourists: ['The first tourist cannot be removed'],
    });
  }
  const added = asked.filter((t) => t.id === undefined).length;
  const changedIds = changedRiderIds(asked, existing);
  if (added === 0 && removed.length === 0 && changedIds.size === 0) {
    // Saved as it was: no seat, price or notice moves; riders filled in are marked so.
    await markTouched(tx, asked);
    return { row, added: 0, removed: 0, closedPayments: [] };
  }
  // Who rides is fixed per tourist once booked (an edit keeps it); new ones say (decision 118).
  const wantedById = new Map(
    asked.flatMap((t) => (t.id === undefined ? [] : [[t.id, t] as const])),
  );
  const kept = existing.filter((t) => !removed.includes(t));
  const newcomers = asked.filter((t) => t.id === undefined);
  const riders = [
    ...kept
      .filter((t) => t.rides)
      .map((t) => {
        const edit = wantedById.get(t.id);
        return { weight: edit ? (edit.weight ?? null) : t.weight };
      }),
    ...newcomers.filter((t) => t.rides !== false).map((t) => ({ weight: t.weight ?? null })),
  ];
  const nonRiders =
    kept.filter((t) => !t.rides).length + newcomers.filter((t) => t.rides === false).length;
  const total = riders.length;
  if (total === 0) throw unprocessable(A_RIDER_NEEDED, { tourists: [A_RIDER_NEEDED] });
  const firstNewNonRider = asked.findIndex((t) => t.id === undefined && t.rides === false);
  if (firstNewNonRider >= 0 && row.nonRiderPrice === null) {
    // The booking has no agreed non-rider price to add one at: the organizer quotes it.
    throw unprocessable(NON_RIDERS_ADD_LATER, {
      [`tourists.${firstNewNonRider}.rides`]: [NON_RIDERS_ADD_LATER],
    });
  }
  const [limits] = await tx
    .select({
      maxRiderWeightKg: tours.maxRiderWeightKg,
      heavyRiderWeightKg: tours.heavyRiderWeightKg,
      minAge: tours.minAge,
      minRidingAge: tours.minRidingAge,
      maxRidingAge: tours.maxRidingAge,
    })
    .from(tours)
    .where(eq(tours.id, row.tourId));
  // A booking's tour is kept by a foreign key; its limits are the ones riders are checked by.
  if (!limits) throw new HttpError(404, 'Tour not found');
  const weights = limits;
  // A rider added, or given a new birthday, meets the riding ages as at booking (riders booked
  // before a tour changed its ages are left be); errors name them as sent.
  if (date) {
    const stored = new Map(existing.map((t) => [t.id, t] as const));
    refuseOutsideRidingAges(
      asked.map((t) => {
        const before = t.id === undefined ? undefined : stored.get(t.id);
        const birthday = t.birthday ?? null;
        return {
          rides: before ? before.rides : t.rides !== false,
          birthday: before && before.birthday === birthday ? null : birthday,
        };
      }),
      limits,
      date.startDate,
    );
  }
  // Errors name riders by their index in the form, as sent; a non-rider's weight is not kept.
  const ridesById = new Map(existing.map((t) => [t.id, t.rides] as const));
  const sent = asked.map((t) => ({
    weight: (t.id === undefined ? t.rides !== false : ridesById.get(t.id) !== false)
      ? (t.weight ?? null)
      : null,
  }));
  refuseOverweight(sent, weights);
  const places = { ...placesFor(riders, weights), nonRiders };
  const held = date
    ? { seats: row.seats, heavy: row.heavyPlaces, nonRiders: row.nonRiders }
    : { seats: 0, heavy: 0, nonRiders: 0 };
  const wanted = date ? places : { seats: 0, heavy: 0, nonRiders: 0 };
  const price = priceWith(row, total, nonRiders);
  refuseInexactAmounts(row.currency, [price]);
  // A booking that has paid and gains or loses travellers on a date: the added ones' share of the
  // prepayment is due within the hold, and they are given back unpaid (`added-riders.ts`).
  const paidParty =
    date && row.paid > 0 && (added > 0 || removed.length > 0)
      ? paidPartyAfter(
          row,
          [
            ...kept.map((t) => ({
              rides: t.rides,
              unpaid: waitsForAddedRiders(row) && t.addedUnpaid,
            })),
            ...newcomers.map((t) => ({ rides: t.rides !== false, unpaid: true })),
          ],
          prepaymentFor(row, date, total, nonRiders, change.now),
          { now: change.now, holdHours: change.holdHours },
        )
      : undefined;
  // The tourists paid for keep their places whatever happens to those not paid for yet.
  if ((paidParty?.paidForPrice ?? price) < row.paid) {
    throw conflict('This booking is paid: write to support to remove a rider and get a refund');
  }
  let guarantee: Guarantee | undefined;
  if (date) {
    const took = await takePlaces(tx, date.id, {
      seats: wanted.seats - held.seats,
      heavy: wanted.heavy - held.heavy,
      nonRiders: wanted.nonRiders - held.nonRiders,
    });
    if (!took.taken) {
      // Name the first rider who newly needs a heavier horse (added, or heavier than before).
      const heavyBefore = new Set(
        existing
          .filter((t) => t.weight !== null && t.weight > weights.maxRiderWeightKg)
          .map((t) => t.id),
      );
      const newlyHeavy = asked.map((t, i) => ({
        weight: t.id !== undefined && heavyBefore.has(t.id) ? null : sent[i]!.weight,
      }));
      throw placesShortError(took, newlyHeavy, weights);
    }
    // Riders added to an unpaid hold of an unproven holder count as a booking's would (142, 146).
    if (unprovenAs !== undefined && isUnpaidHold(row.status)) {
      await refuseUnprovenGrowth(tx, unprovenAs, date.id, {
        seats: wanted.seats - held.seats,
        nonRiders: wanted.nonRiders - held.nonRiders,
        percent: change.guestDateShare,
      });
    }
    await releasePlaces(tx, date.id, {
      seats: held.seats - wanted.seats,
      heavy: held.heavy - wanted.heavy,
      nonRiders: held.nonRiders - wanted.nonRiders,
    });
    // Counted after the release: a change that adds a heavier rider while removing another
    // takes a heavier horse and gives back a seat, and must not reach the minimum by that seat.
    // The rider-change e-mails tell a guarantee these riders brought: one e-mail per moment.
    if (took.notGuaranteed === true) {
      guarantee = await guaranteeIfReached(tx, date.id, {
        now: change.now,
        holdHours: change.holdHours,
        notify: change.notify,
        announcingId: row.id,
      });
    }
  }
  if (removed.length > 0) {
    await tx.delete(bookingTourists).where(
      inArray(
        bookingTourists.id,
        removed.map((t) => t.id),
      ),
    );
  }
  // Marks of tourists not paid for are cleared once the booking is prepaid (or was: stale ones).
  const unpaidStay = paidParty?.unpaidStay === true;
  if (paidParty && !(unpaidStay && waitsForAddedRiders(row))) {
    await tx
      .update(bookingTourists)
      .set({ addedUnpaid: false })
      .where(and(eq(bookingTourists.requestId, row.id), eq(bookingTourists.addedUnpaid, true)));
  }
  let position = Math.max(-1, ...existing.map((t) => t.position));
  for (const tourist of asked) {
    const values = touristValues(
      tourist.id === undefined ? tourist : { ...tourist, rides: ridesById.get(tourist.id) },
    );
    if (tourist.id !== undefined) {
      await tx
        .update(bookingTourists)
        .set(changedIds.has(tourist.id) ? { ...values, isTouched: true } : { isTouched: true })
        .where(eq(bookingTourists.id, tourist.id));
    } else {
      position += 1;
      await tx.insert(bookingTourists).values({
        ...values,
        requestId: row.id,
        position,
        isTouched: true,
        addedUnpaid: unpaidStay,
      });
    }
  }
  const prepayment =
    row.paid === 0 && date
      ? prepaymentFor(row, date, total, nonRiders, change.now)
      : (paidParty?.prepayment ?? row.prepayment);
  // Set, not overwritten: a guarantee the added riders brought moved this booking meanwhile (a
  // booking that has paid is never moved by one: its status follows its money here).
  const [updated] = await tx
    .update(bookingRequests)
    .set({
      seats: total,
      heavyPlaces: wanted.heavy,
      nonRiders,
      price,
      prepayment,
      ...(paidParty ? { status: paidParty.status, holdUntil: paidParty.holdUntil } : {}),
      updatedAt: change.now,
    })
    .where(eq(bookingRequests.id, row.id))
    .returning();
  // What is shown is what is charged: a payment page opened for the old amount closes with the
  // change, so completing it charges nothing (a charge that beat the void is credited as far as
  // due and the rest refunded, `settleVoids`), and the traveller pays the new amount.
  const closedPayments = await closeStaleOpenPayments(tx, updated!, change.now);
  const storedById = new Map(existing.map((t) => [t.id, t] as const));
  const changes: RiderChanges = {
    added: newcomers.map((t) => touristValues(t)),
    removed,
    edited: asked.flatMap((t) => {
      const before = t.id === undefined ? undefined : storedById.get(t.id);
      if (!before || !changedIds.has(before.id)) return [];
      return [{ before, after: touristValues({ ...t, rides: before.rides }) }];
    }),
    maxRiderWeightKg: weights.maxRiderWeightKg,
    firstDay: date?.startDate,
    guarantee,
    addedRiders: paidParty
      ? paidParty.unpaidStay
        ? { due: updated!.prepayment! - updated!.paid, by: updated!.holdUntil! }
        : waitsForAddedRiders(row)
          ? 'covered'
          : undefined
      : undefined,
  };
  await tellEveryone(tx, { kind: 'riders', booking: updated!, changes }, change.notify);
  return { row: updated!, added, removed: removed.length, closedPayments };
}

export interface UnpaidRidersRelease {
  row: RequestRow;
  /** The open payments closed (for amounts no longer due): void them after the commit. */
  closedPayments: PaymentRow[];
}

/**
 * The booking job's end of a hold on riders added to a paid booking (`added-riders.ts`), on the
 * row the caller locked after its date (`lockBookingAfterDate`) and found still due: the tourists
 * still marked unpaid are removed and their places given back, the price and the prepayment are
 * those of the tourists paid for (by the agreed terms, decision 186), the booking is prepaid
 * again (2 → 3), its open payments close, and the traveller, the organizer and the chat are told
 * once. What was paid stays: the tourists paid for cost at least that (`changeRidersIn`).
 */
export async function releaseUnpaidRidersIn(
  tx: Transaction,
  row: RequestRow,
  { now, notify }: { now: Date; notify: NoticeOptions },
): Promise<UnpaidRidersRelease> {
  const party = await tx
    .select()
    .from(bookingTourists)
    .where(eq(bookingTourists.requestId, row.id))
    .orderBy(bookingTourists.position);
  const unpaid = party.filter((t) => t.addedUnpaid && t.position > 0);
  const kept = party.filter((t) => !unpaid.includes(t));
  const [limits] = await tx
    .select({
      maxRiderWeightKg: tours.maxRiderWeightKg,
      heavyRiderWeightKg: tours.heavyRiderWeightKg,
    })
    .from(tours)
    .where(eq(tours.id, row.tourId));
  const riders = kept.filter((t) => t.rides);
  const nonRiders = kept.length - riders.length;
  const places = { ...placesFor(riders, limits!), nonRiders };
  const date = await startDateOf(tx, row);
  if (date) {
    await releasePlaces(tx, date.id, {
      seats: row.seats - places.seats,
      heavy: row.heavyPlaces - places.heavy,
      nonRiders: row.nonRiders - places.nonRiders,
    });
  }
  if (unpaid.length > 0) {
    await tx.delete(bookingTourists).where(
      inArray(
        bookingTourists.id,
        unpaid.map((t) => t.id),
      ),
    );
  }
  await tx
    .update(bookingTourists)
    .set({ addedUnpaid: false })
    .where(and(eq(bookingTourists.requestId, row.id), eq(bookingTourists.addedUnpaid, true)));
  const paidFor = paidPartyAfter(
    row,
    kept.map((t) => ({ rides: t.rides, unpaid: false })),
    date ? prepaymentFor(row, date, riders.length, nonRiders, now) : row.prepayment,
    { now, holdHours: 0 },
  );
  const [updated] = await tx
    .update(bookingRequests)
    .set({
      seats: places.seats,
      heavyPlaces: places.heavy,
      nonRiders,
      price: priceWith(row, riders.length, nonRiders),
      prepayment: paidFor.prepayment,
      status: paidFor.status,
      holdUntil: null,
      updatedAt: now,
    })
    .where(eq(bookingRequests.id, row.id))
    .returning();
  const closedPayments = await closeOpenPayments(tx, row.id, now);
  await tellEveryone(
    tx,
    { kind: 'unpaid-riders-released', booking: updated!, removed: unpaid },
    notify,
  );
  return { row: updated!, closedPayments };
}

/** Whether an open payment of the booking charges other than what its type is due now. */
async function staleOpenPayment(tx: Transaction, row: RequestRow): Promise<boolean> {
  const open = await tx
    .select({ amount: payments.amount, type: payments.paymentType })
    .from(payments)
    .where(and(eq(payments.requestId, row.id), eq(payments.status, 1)));
  return open.some((payment) => amountDue(row, payment.type) !== payment.amount);
}

/**
 * Closes the booking's open payment when its amount is no longer what its kind is due (decision
 * 175): the riders changed, or another payment was credited meanwhile. Answers the closed ones,
 * to void at the provider after the commit (`settleVoids`).
 */
export async function closeStaleOpenPayments(
  tx: Transaction,
  row: RequestRow,
  now: Date,
): Promise<PaymentRow[]> {
  return (await staleOpenPayment(tx, row)) ? closeOpenPayments(tx, row.id, now) : [];
}

export interface GuaranteeOptions {
  now: Date;
  /** Hours a traveller has to pay once confirmed (the organizer's confirmation gives the same). */
  holdHours: number;
  notify: NoticeOptions;
  /**
   * The booking whose own e-mails tell the guarantee (one being created, whose riders just
   * changed, or the request the organizer just confirmed), so `tellGuaranteed` writes none to
   * its traveller nor to the organizer.
   */
  announcingId?: number | undefined;
  /** The announcing booking's own chat message tells the guarantee too (a confirmation's). */
  announcedInChat?: boolean | undefined;
  /**
   * The moment the group is counted at and the waiting requests are judged (`flippable`,
   * `minimum-reached`); `now` unless given. The booking job's check of a date past its decision
   * day counts it as that day ended (`decisionDayLastMoment`): the riders who could still come
   * then. Holds and notices run from `now` whatever it is.
   */
  countedAt?: Date | undefined;
}

/**
 * The minimum group (decision 111): called in the transaction that just took seats on date
 * `dateId`, or whose guest just proved the address (`claimGuestBookings`), so it holds the date's
 * row lock. When the date is not guaranteed and the riders it counts (`flippable`) reach
 * `min_riders`, the date is guaranteed (`guaranteeDate`). Answers the guarantee, undefined when
 * the date did not flip. Cancellations later never take it back.
 */
export async function guaranteeIfReached(
  tx: Transaction,
  dateId: number,
  options: GuaranteeOptions,
): Promise<Guarantee | undefined> {
  return guaranteeDate(tx, dateId, 'minimum', options);
}

/**
 * Which dates a guarantee may flip: `minimum` when its group is reached; `organizer` any undecided
 * one not started. Neither once its decision day has passed at `now`: the date is being called
 * off, and every request's time to answer ended with the day (decision 178); the job's last
 * check of such a date counts it at the day's last moment (`GuaranteeOptions.countedAt`). The
 * group counts only riders
 * who can still come (`ridersCountedSql`): not a request whose time to answer has passed
 * (nothing can confirm it any more, decision 174), nor the unpaid hold of a holder who proved no
 * address (a made-up one would run the date for good; counted once proven,
 * `claimGuestBookings`).
 */
function flippable(dateId: number, cause: GuaranteeCause, now: Date) {
  const undecided = and(eq(tourDates.id, dateId), undecidedSql(now));
  return cause === 'minimum'
    ? and(undecided, minimumReachedSql(now))
    : and(undecided, gt(tourDates.startDate, todayIso(now)));
}

/** A `tour_dates` row not guaranteed, not called off, its decision day not passed at `now`. */
function undecidedSql(now: Date) {
  return and(
    eq(tourDates.notGuaranteed, true),
    isNull(tourDates.cancelledAt),
    decisionDayAheadSql(now),
  );
}

/** A `tour_dates` row with a minimum group that the riders counted at `now` reach. */
function minimumReachedSql(now: Date) {
  return and(
    isNotNull(tourDates.minRiders),
    sql`${ridersCountedSql(sql`${now.toISOString()}`)} >= ${tourDates.minRiders}`,
  );
}

/**
 * The dates a `minimum` guarantee would flip at `now`, not started: those whose group was
 * reached with nothing of ours to run the check (their organizer lowered `min_riders`, dates
 * being edited outside this API), which the booking job guarantees (`guaranteeReachedDates`).
 */
export function reachedUndecidedSql(now: Date) {
  return and(undecidedSql(now), minimumReachedSql(now), gt(tourDates.startDate, todayIso(now)));
}

/** The live bookings (holding places) on date `dateId`, in id order: the order locks are taken. */
export function liveBookingsOn(tx: Transaction, dateId: number) {
  return tx
    .select()
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.tourDateId, dateId),
        inArray(bookingRequests.status, [...ACTIVE_STATUSES]),
      ),
    )
    .orderBy(asc(bookingRequests.id));
}

/**
 * A not-guaranteed date runs (decisions 111 and 148), in a transaction that holds, or takes
 * here first, the date's row lock, so that every booking on it is locked after its date as
 * everywhere else (`lockBookingAfterDate`). One conditional update flips the date: by its
 * minimum group reached (`minimum`), or by its organizer (`organizer`: a request confirmed, or
 * "Run this date"); only one transaction matches it, however many try at once. Every request
 * on the date still waiting for the organizer then moves 1 → 2 through the status machine
 * ('minimum-reached': the date runs) with the hold the organizer's confirmation gives, and
 * every traveller booked on it and the organizer are told once. Answers the guarantee: the date
 * and every live booking on it, `confirmed` for those moved (undefined when nothing flipped).
 */
export async function guaranteeDate(
  tx: Transaction,
  dateId: number,
  cause: GuaranteeCause,
  options: GuaranteeOptions,
): Promise<Guarantee | undefined> {
  const countedAt = options.countedAt ?? options.now;
  const [date] = await tx
    .update(tourDates)
    .set({ notGuaranteed: false })
    .where(flippable(dateId, cause, countedAt))
    .returning();
  if (!date) return undefined;
  // Every live booking on the date, locked in id order (two flips never happen, but locks stay
  // ordered).
  const booked = await liveBookingsOn(tx, dateId).for('update');
  const told: { booking: RequestRow; confirmed: boolean }[] = [];
  for (const row of booked) {
    const decision = decideFor(
      {
        status: row.status as BookingStatus,
        respondBy: row.respondBy,
        start: date.startDate,
        end: date.endDate,
      },
      'minimum-reached',
      'system',
      countedAt,
    );
    if (decision.kind !== 'move') {
      // A request past its time to answer is unanswered, not guaranteed: the booking job releases
      // it and tells its traveller so; "your date runs" first would contradict that (decision 174).
      if (decision.kind === 'refused' && row.status === STATUS.pendingConfirm) continue;
      told.push({ booking: row, confirmed: false });
      continue;
    }
    const [after] = await tx
      .update(bookingRequests)
      .set({
        status: decision.to,
        respondBy: null,
        // As the organizer's confirmation: an unproven guest keeps the short hold.
        holdUntil:
          row.userId === null
            ? row.holdUntil
            : new Date(options.now.getTime() + options.holdHours * 3_600_000),
        updatedAt: options.now,
      })
      .where(eq(bookingRequests.id, row.id))
      .returning();
    told.push({ booking: after!, confirmed: true });
  }
  const guarantee: Guarantee = { date, told, cause };
  await tellGuaranteed(tx, guarantee, {
    ...options.notify,
    announcingId: options.announcingId,
    announcedInChat: options.announcedInChat,
  });
  return guarantee;
}
