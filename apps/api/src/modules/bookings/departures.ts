/**
 * A not-guaranteed date decided as a whole (decision 148). Its organizer runs it ("Run this
 * date": the guarantee an organizer's confirmation also brings, `guaranteeDate`; until its
 * decision day ends, decision 178) or cancels it
 * ("Cancel this date": every live booking on it declined or cancelled by the organizer, all paid
 * refunded as decision 091 does for one booking); and the booking job calls off a date whose
 * decision day passed without a guarantee, releasing its requests. A group that reached its
 * minimum with no booking to run the check (the organizer lowered `min_riders`: dates are edited
 * outside this API) is caught by the job too: the date runs, at its next round ahead of the
 * decision day, or at the call-off, which counts the group again under the date's lock first.
 *
 * Each happens in one transaction that locks the date's row first and then each booking on it
 * (`transitionBookingIn` → `lockBookingAfterDate`), the order every booking transaction takes,
 * so a booking, a cancel or a confirmation at the same moment runs before or after it, never in
 * between. A called-off date is marked (`cancelled_at`, and `is_busy` so the catalogue stops
 * offering it) in that transaction: a booking that waited for the date's lock is refused (409).
 * A call-off is told as one: each traveller once, in its words, and the organizer once, naming
 * every booking it ended, in the same transaction. The organizer's decisions take an
 * `Idempotency-Key` (decision 167): its row joins that transaction, so a retry after a lost
 * answer is answered the date the first request decided, and nothing is done or sent twice.
 */
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { tourDates } from '#src/db/schema/index.ts';
import { notFound } from '#src/http/http-error.ts';
import { actOnce, fingerprintOf } from '#src/http/idempotency.ts';
import { STATUS } from '@gallop/booking-rules';
import { todayIso } from '#src/shared/dates.ts';
import { settleCancellation } from './cancellations.ts';
import { decisionDayLastMoment, decisionDayPassed, decisionDayPassedSql } from './decision-day.ts';
import { retryOnDeadlock } from './deadlocks.ts';
import type { CalledOffBooking, DateCallOff } from './messages.ts';
import { RELEASE_REASONS, tellDateCalledOff, undecidedDateReason } from './notices.ts';
import { organizerDecline, requiredReason } from './organizer-answers.ts';
import {
  memberTourIds,
  organizerCancel,
  toDeparture,
  type OrganizerAreaDeps,
  type OrganizerDeparture,
} from './organizer-area.ts';
import type { BookingPayments } from './payments-port.ts';
import { CONTRACT_STATUS, DEFAULT_HOLD_HOURS, type RequestRow } from './records.ts';
import {
  conflict,
  guaranteeDate,
  guaranteeIfReached,
  liveBookingsOn,
  reachedUndecidedSql,
  transitionBookingIn,
  type Transaction,
  type TransitionRequest,
  type TransitionResult,
} from './transitions.ts';
import { displayDay } from './wording.ts';

type TourDateRow = typeof tourDates.$inferSelect;

/** Why a date cannot be decided as a whole any more: the 409's message. */
const DATE_DECIDED = {
  started: 'This date has already started',
  guaranteed: 'This date is already guaranteed',
  guaranteedCancel:
    'This date is guaranteed, so it is not cancelled as a whole: cancel its bookings one by one',
  cancelled: 'This date was cancelled',
} as const;

/** Why a date past its decision day is not run (decision 178): the job is calling it off. */
const decisionDayGone = (decisionDate: string) =>
  `This date's decision day, ${displayDay(decisionDate)}, has passed: it is being called off and its requests released`;

/** Whether `n` can be a row id (PostgreSQL `integer`): larger numbers name no row. */
const isRowId = (n: number) => Number.isInteger(n) && n >= 1 && n <= 2_147_483_647;

/** Date `id` of a tour the member's organizers run; 404 for anyone else (nobody learns of it). */
async function memberDate(db: Database, userId: number, id: number): Promise<void> {
  const [found] = !isRowId(id)
    ? []
    : await db
        .select({ id: tourDates.id })
        .from(tourDates)
        .where(and(eq(tourDates.id, id), inArray(tourDates.tourId, memberTourIds(db, userId))))
        .limit(1);
  if (!found) throw notFound('Date not found');
}

/** The date's row, locked until the transaction ends. */
async function lockDate(tx: Transaction, id: number): Promise<TourDateRow> {
  const [date] = await tx.select().from(tourDates).where(eq(tourDates.id, id)).for('update');
  if (!date) throw notFound('Date not found');
  return date;
}

/**
 * 409 unless the locked date is still undecided and ahead; a run also before the end of its
 * decision day (decision 178). A cancel past it is still taken: it calls the date off as the job
 * is about to, and whichever locks the date first does it (the other finds it cancelled).
 */
function refuseDecided(date: TourDateRow, now: Date, action: 'guarantee' | 'cancel'): void {
  if (date.cancelledAt !== null) throw conflict(DATE_DECIDED.cancelled);
  if (!date.notGuaranteed) {
    throw conflict(
      action === 'guarantee' ? DATE_DECIDED.guaranteed : DATE_DECIDED.guaranteedCancel,
    );
  }
  if (date.startDate <= todayIso(now)) throw conflict(DATE_DECIDED.started);
  if (action === 'guarantee' && decisionDayPassed(date, now)) {
    throw conflict(decisionDayGone(date.decisionDate!));
  }
}

/** Who decides which date, with the request's `Idempotency-Key` (decision 167). */
export interface DepartureDecisionCall {
  userId: number;
  dateId: number;
  idempotencyKey: string | undefined;
}

/**
 * The decision's key handling (decision 167): the key row is inserted in the decision's
 * transaction, which runs again after a deadlock with its key; a replay answers the first
 * request's date and does nothing. Without a key a repeated decision is refused (409) as before.
 */
function decideOnce<Done>(
  deps: OrganizerAreaDeps,
  call: DepartureDecisionCall,
  decision: { scope: string; request: object; act: (tx: Transaction) => Promise<Done> },
) {
  return actOnce({
    db: deps.db,
    scope: decision.scope,
    owner: `user:${call.userId}`,
    key: call.idempotencyKey,
    fingerprint: fingerprintOf({ user: call.userId, ...decision.request }),
    statusCode: 200,
    transact: retryOnDeadlock,
    act: async (tx) => ({ id: call.dateId, done: await decision.act(tx) }),
    answer: async (id) => {
      const [date] = await deps.db.select().from(tourDates).where(eq(tourDates.id, id));
      return toDeparture(date!, deps.now());
    },
  });
}

/** "Run this date": the member's not-guaranteed date is guaranteed (as a confirmation does). */
export async function guaranteeDeparture(
  deps: OrganizerAreaDeps,
  call: DepartureDecisionCall,
): Promise<OrganizerDeparture> {
  const { dateId } = call;
  await memberDate(deps.db, call.userId, dateId);
  const now = deps.now();
  const answered = await decideOnce(deps, call, {
    scope: 'guaranteeOrganizerDeparture',
    request: { id: dateId },
    act: async (tx) => {
      refuseDecided(await lockDate(tx, dateId), now, 'guarantee');
      const guarantee = await guaranteeDate(tx, dateId, 'organizer', {
        now,
        holdHours: deps.holdHours,
        notify: { publicUrl: deps.publicUrl },
      });
      // The same conditions as just checked under the lock (`flippable`): it flips.
      if (!guarantee) throw conflict(DATE_DECIDED.guaranteed);
    },
  });
  return answered.body;
}

/**
 * "Cancel this date": every live booking on the member's not-guaranteed date ends by the
 * organizer with `reason`: a waiting request is declined (one whose time to answer passed is
 * released as unanswered, as the booking job would), a confirmed or paid booking cancelled with
 * everything paid refunded. After the commit, payments closed are voided and refunds sent, by
 * the request that cancelled: a replay of its key does not send them again (what a lost
 * response left unsent, the booking job sends).
 */
export async function cancelDeparture(
  deps: OrganizerAreaDeps,
  call: DepartureDecisionCall & { reason: string | undefined },
): Promise<OrganizerDeparture> {
  const { dateId, reason } = call;
  await memberDate(deps.db, call.userId, dateId);
  const message = requiredReason(reason);
  const now = deps.now();
  const answered = await decideOnce(deps, call, {
    scope: 'cancelOrganizerDeparture',
    request: { id: dateId, reason },
    act: async (tx) => {
      refuseDecided(await lockDate(tx, dateId), now, 'cancel');
      const cause = { cause: 'organizer', reason: message } as const;
      const done = await callOffDate(tx, dateId, now, cause, deps.publicUrl, (row, notify) =>
        row.status !== STATUS.pendingConfirm
          ? organizerCancel(message, now, notify)
          : row.respondBy !== null && row.respondBy.getTime() < now.getTime()
            ? release(RELEASE_REASONS.unanswered, now, notify)
            : organizerDecline(message, now, notify),
      );
      if (!done) throw conflict(DATE_DECIDED.cancelled);
      return done;
    },
  });
  if (!answered.replayed) await settleAll(deps, answered.done);
  return answered.body;
}

/** The booking job's release of a live booking (→ 7): nothing due, the reason as given. */
function release(reason: string, now: Date, notify: TransitionRequest['notify']) {
  return {
    event: 'deadline-passes',
    actor: 'system',
    now,
    notify,
    changes: () => ({
      contractStatus: CONTRACT_STATUS.noPayments,
      cancelMessage: reason,
      canceledAt: now,
    }),
  } satisfies TransitionRequest;
}

/** How a move ended a booking, for the organizer's one e-mail. */
const ENDED: Partial<Record<TransitionRequest['event'], CalledOffBooking['ended']>> = {
  'organizer-declines': 'declined',
  'deadline-passes': 'released',
  'organizer-cancels': 'cancelled',
};

/**
 * Marks the locked, undecided date called off and ends every live booking on it, in id order,
 * by `requestOf` (each through the status machine under its row lock, seats given back). Each
 * traveller is told by their booking's move, in the call-off's words (`notify.calledOff`), and
 * the organizer once, naming every booking ended: all in this transaction (decision 091).
 * Answers each booking's move (settled after the commit); undefined when the date was decided
 * meanwhile (guaranteed or called off by another).
 */
async function callOffDate(
  tx: Transaction,
  dateId: number,
  now: Date,
  cause: Pick<DateCallOff, 'cause' | 'reason'>,
  publicUrl: string,
  requestOf: (row: RequestRow, notify: TransitionRequest['notify']) => TransitionRequest,
): Promise<TransitionResult[] | undefined> {
  const [date] = await tx
    .update(tourDates)
    .set({ cancelledAt: now, isBusy: true })
    .where(
      and(
        eq(tourDates.id, dateId),
        eq(tourDates.notGuaranteed, true),
        isNull(tourDates.cancelledAt),
      ),
    )
    .returning();
  if (!date) return undefined;
  const live = await liveBookingsOn(tx, dateId);
  const callOff: DateCallOff = { ...cause, date };
  const notify = { publicUrl, calledOff: callOff };
  const results: TransitionResult[] = [];
  const ended: CalledOffBooking[] = [];
  for (const row of live) {
    const request = requestOf(row, notify);
    const result = await transitionBookingIn(tx, row.id, request);
    results.push(result);
    if (result.kind === 'moved') {
      ended.push({
        booking: result.row,
        ended: ENDED[request.event] ?? 'cancelled',
        refunded: result.refunded,
      });
    }
  }
  await tellDateCalledOff(tx, { ...callOff, tourId: date.tourId }, ended, { publicUrl });
  return results;
}

async function settleAll(
  deps: { payments: BookingPayments; publicUrl: string },
  results: readonly TransitionResult[],
): Promise<void> {
  for (const result of results) await settleCancellation(deps, result);
}

export interface DecisionDayOptions {
  now?: Date;
  /** Hours a request confirmed by its date's guarantee has to pay (`BOOKING_HOLD_HOURS`). */
  holdHours?: number | undefined;
  publicUrl: string;
  payments: BookingPayments;
}

/**
 * A step of the booking job: a not-guaranteed date whose group reached its minimum with nothing
 * of ours to flip it runs now (decision 111: "it turns guaranteed on its own when the minimum is
 * reached, and everyone booked on it is told"). Bookings, added riders and proofs of an address
 * run the check in their own transaction; its organizer lowering the minimum does not (dates
 * are edited outside this API), so such a date is found here, at the job's next round. Each date
 * is flipped in a transaction of its own under its row lock (`guaranteeIfReached`, one
 * conditional update): with several processes running the job, or a booking flipping it at the
 * same moment, it runs once and each traveller is told once. Answers how many dates it ran.
 */
export async function guaranteeReachedDates(
  db: Database,
  options: DecisionDayOptions,
): Promise<number> {
  const now = options.now ?? new Date();
  const reached = await db
    .select({ id: tourDates.id })
    .from(tourDates)
    .where(reachedUndecidedSql(now))
    .orderBy(asc(tourDates.id))
    .limit(100);
  let guaranteed = 0;
  for (const { id } of reached) {
    const guarantee = await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        await lockDate(tx, id);
        return guaranteeIfReached(tx, id, {
          now,
          holdHours: options.holdHours ?? DEFAULT_HOLD_HOURS,
          notify: { publicUrl: options.publicUrl },
        });
      }),
    );
    if (guarantee) guaranteed += 1;
  }
  return guaranteed;
}

/**
 * The decision day (decision 148), a step of the booking job: a not-guaranteed date whose
 * `decision_date` has passed, not yet started, is called off. Its requests are released with
 * the reason ("The organizer did not confirm the date by …"), nothing charged; a paid booking
 * (a request confirmed before decision 148 made a confirmation guarantee its date) is cancelled
 * with everything paid refunded, as the organizer's cancel does. Several processes running the
 * job at once each claim a date by one conditional update: one of them calls it off.
 *
 * Unless its group had reached the minimum by the end of its decision day (its organizer
 * lowered `min_riders` after the last booking, and the job had not run since): counted again
 * under the date's lock, as the day ended (`decisionDayLastMoment`: the riders who could still
 * come then), such a date runs instead, as a booking reaching the minimum would have run it:
 * its requests confirmed with the full hold from now, everyone told once. Answers how many
 * dates were called off.
 */
export async function callOffUndecidedDates(
  db: Database,
  options: DecisionDayOptions,
): Promise<number> {
  const now = options.now ?? new Date();
  const today = todayIso(now);
  const due = await db
    .select({ id: tourDates.id, decisionDate: tourDates.decisionDate })
    .from(tourDates)
    .where(
      and(
        eq(tourDates.notGuaranteed, true),
        isNull(tourDates.cancelledAt),
        decisionDayPassedSql(now),
        gt(tourDates.startDate, today),
      ),
    )
    .orderBy(asc(tourDates.id))
    .limit(100);
  let calledOffCount = 0;
  for (const { id, decisionDate } of due) {
    const reason = undecidedDateReason(decisionDate!);
    const calledOff = await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        // Read again under the lock: the organizer may have run it, or another job called it off.
        const date = await lockDate(tx, id);
        const undecided =
          date.notGuaranteed &&
          date.cancelledAt === null &&
          decisionDayPassed(date, now) &&
          date.startDate > today;
        if (!undecided) return undefined;
        const guarantee = await guaranteeDate(tx, id, 'minimum', {
          now,
          countedAt: decisionDayLastMoment(date.decisionDate!),
          holdHours: options.holdHours ?? DEFAULT_HOLD_HOURS,
          notify: { publicUrl: options.publicUrl },
        });
        if (guarantee) return undefined;
        const cause = { cause: 'decision-day', reason } as const;
        return callOffDate(tx, id, now, cause, options.publicUrl, (row, notify) =>
          row.paid > 0 ? organizerCancel(reason, now, notify) : release(reason, now, notify),
        );
      }),
    );
    if (!calledOff) continue;
    await settleAll(options, calledOff);
    calledOffCount += 1;
  }
  return calledOffCount;
}
