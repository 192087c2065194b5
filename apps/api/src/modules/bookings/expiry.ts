/**
 * The booking job (decision 025, 089). Unpaid holds end: a confirmed booking (status 2) with
 * nothing paid gives its seats back after the hold time, a guest's booking whose e-mail was not
 * proven after its short hold (`hold_until`), and any unpaid request once its tour has started.
 * Each becomes "canceled by system" (7) through the status machine. Riders added to a paid
 * booking whose share of the prepayment was not paid within their hold give their places back,
 * and the booking is prepaid again with the riders paid for (`added-riders.ts`). Either happens
 * under the booking's row lock, where the list's due test is asked again, so several API
 * processes running the job at once cannot release seats twice, and a booking paid, confirmed by
 * its date's guarantee or claimed by its proven guest meanwhile stays; before it, the provider is
 * asked about the booking's open payments, so a traveller it charged keeps the seats. The same
 * job first reconciles open payments with the provider, and retries refunds the provider has not
 * confirmed and forgets old idempotency keys.
 */
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { payments } from '#src/db/schema/index.ts';
import { HttpError } from '#src/http/http-error.ts';
import { purgeIdempotencyKeys } from '#src/http/idempotency.ts';
import { todayIso } from '#src/shared/dates.ts';
import { completeEndedTours } from './completion.ts';
import { retryOnDeadlock } from './deadlocks.ts';
import { callOffUndecidedDates, guaranteeReachedDates } from './departures.ts';
import { RELEASE_REASONS } from './notices.ts';
import type { BookingPayments, PaymentRow } from './payments-port.ts';
import { CONTRACT_STATUS, DEFAULT_HOLD_HOURS, STATUS, type RequestRow } from './records.ts';
import { remindBalances } from './reminders.ts';
import {
  CLOSED_BY_GALLOP,
  lockBookingAfterDate,
  releaseUnpaidRidersIn,
  transitionBookingIn,
  type Transaction,
} from './transitions.ts';
import { startRounds } from '#src/shared/rounds.ts';

/**
 * A payment opened before the hold ended may still be on the provider's page: its booking waits
 * this long after the payment was opened, so at most this long past the hold's end, once. A
 * payment cannot be started after the hold (`payments.ts`), and one opened later would not count:
 * restarting payments does not extend a hold.
 */
const PAYMENT_IN_FLIGHT_MS = 30 * 60_000;

export interface ExpiryOptions {
  now?: Date;
  holdHours?: number;
  publicUrl: string;
  /** Voids the payments of released bookings and retries pending refunds. */
  payments: BookingPayments;
}

/** Why the job releases a booking, as the traveller reads it. */
function releaseReason(row: RequestRow, now: Date): string {
  if (row.respondBy !== null && row.respondBy.getTime() <= now.getTime()) {
    return RELEASE_REASONS.unanswered;
  }
  if (row.userId === null && row.holdUntil !== null && row.holdUntil.getTime() <= now.getTime()) {
    return RELEASE_REASONS.unconfirmed;
  }
  return RELEASE_REASONS.unpaid;
}

interface DueAt {
  now: Date;
  holdHours: number;
}

/**
 * The booking job's one test of a booking due for release, over `booking_requests` joined to its
 * `tour_dates` (`DUE_FROM`): nothing paid, waiting (1) or confirmed (2), and its hold ended (a
 * guest's short hold or the hold a confirmation set), or a request's time to answer passed, or a
 * confirmed booking without a set hold created more than the hold hours ago, or its tour started;
 * and no payment opened within the hold is still on the provider's page. The job lists by it and
 * asks it again under the booking's row lock (`isStillDue`), so a booking that stopped being due
 * meanwhile (its date's guarantee confirmed it with a new hold, a guest proved their address,
 * a payment arrived) is never released.
 */
function dueTest({ now, holdHours }: DueAt): SQL {
  const holdStart = new Date(now.getTime() - holdHours * 3_600_000);
  const inFlightSince = new Date(now.getTime() - PAYMENT_IN_FLIGHT_MS);
  return sql`booking_requests.paid = 0
    and booking_requests.status in (${STATUS.pendingConfirm}, ${STATUS.pendingPrepayment})
    and (
      booking_requests.hold_until < ${now.toISOString()}
      or (booking_requests.status = ${STATUS.pendingConfirm}
        and booking_requests.respond_by < ${now.toISOString()})
      or (booking_requests.hold_until is null and booking_requests.status = ${STATUS.pendingPrepayment}
        and booking_requests.created_at < ${holdStart.toISOString()})
      or tour_dates.start_date <= ${todayIso(now)}::date
    )
    and not exists (
      select 1 from payments where payments.request_id = booking_requests.id
        and payments.status = 1 and payments.created_at > ${inFlightSince.toISOString()}
        and payments.created_at <= coalesce(booking_requests.hold_until,
          booking_requests.created_at + ${holdHours}::int * interval '1 hour')
    )`;
}

/**
 * The booking job's test of a booking whose riders added after a payment were not paid for in
 * time (`added-riders.ts`): something paid, waiting for the rest of its prepayment (2), its hold
 * ended or its tour started, and no payment opened within the hold still on the provider's page
 * (as `dueTest`). Asked again under the booking's row lock: a payment that covered the added
 * riders meanwhile made it prepaid (3), and it keeps them.
 */
function unpaidRidersDueTest({ now }: DueAt): SQL {
  const inFlightSince = new Date(now.getTime() - PAYMENT_IN_FLIGHT_MS);
  return sql`booking_requests.paid > 0
    and booking_requests.status = ${STATUS.pendingPrepayment}
    and (
      booking_requests.hold_until is null
      or booking_requests.hold_until < ${now.toISOString()}
      or tour_dates.start_date <= ${todayIso(now)}::date
    )
    and not exists (
      select 1 from payments where payments.request_id = booking_requests.id
        and payments.status = 1 and payments.created_at > ${inFlightSince.toISOString()}
        and payments.created_at <= booking_requests.hold_until
    )`;
}

const DUE_FROM = sql`booking_requests
  left join tour_dates on tour_dates.id = booking_requests.tour_date_id`;

type DueTest = (at: DueAt) => SQL;

/** Whether booking `id` is due now (`due`): read as committed, or under its lock. */
async function isStillDue(
  db: Database | Transaction,
  id: number,
  at: DueAt,
  due: DueTest,
): Promise<boolean> {
  const found = await db.execute<{ id: number }>(
    sql`select booking_requests.id from ${DUE_FROM}
      where booking_requests.id = ${id} and ${due(at)}`,
  );
  return found.rows.length > 0;
}

/**
 * A booking the job voided at the provider and then kept (it stopped being due between the check
 * before the void and the lock): a payment the provider confirmed voided but Gallop still shows
 * open is closed in Gallop too, so the traveller's next start opens a new payment rather than
 * answering the dead one (`startPaymentOf` answers an open payment of the same kind).
 */
async function closeVoidedAtProvider(tx: Transaction, id: number, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 3, failureReason: CLOSED_BY_GALLOP, updatedAt: now })
    .where(
      and(eq(payments.requestId, id), eq(payments.status, 1), isNotNull(payments.voidConfirmedAt)),
    );
}

/** What the job does to a booking its due test lists: its release, in its locked transaction. */
interface Release {
  due: DueTest;
  /** Applies the release to the locked row still due; the payments it closed, once moved. */
  apply(
    tx: Transaction,
    row: RequestRow,
    now: Date,
    options: ExpiryOptions,
  ): Promise<{ closedPayments: PaymentRow[] } | undefined>;
}

/** Unpaid requests whose hold ended: cancelled by the system (1, 2 → 7), every seat given back. */
const UNPAID_BOOKINGS: Release = {
  due: dueTest,
  async apply(tx, row, now, options) {
    const result = await transitionBookingIn(tx, row.id, {
      event: 'deadline-passes',
      actor: 'system',
      now,
      changes: (locked) => ({
        contractStatus: CONTRACT_STATUS.noPayments,
        cancelMessage: releaseReason(locked, now),
        canceledAt: now,
      }),
      notify: { publicUrl: options.publicUrl },
    });
    return result.kind === 'moved' ? result : undefined;
  },
};

/** Riders added to a paid booking, unpaid when their hold ended: given back (2 → 3). */
const UNPAID_RIDERS: Release = {
  due: unpaidRidersDueTest,
  apply: (tx, row, now, options) =>
    releaseUnpaidRidersIn(tx, row, { now, notify: { publicUrl: options.publicUrl } }),
};

/**
 * Releases what `release.due` lists, the provider asked first about each booking's payments
 * (a charge it took is applied, and the booking is then no longer due); answers how many.
 */
async function releaseDue(db: Database, options: ExpiryOptions, release: Release) {
  const now = options.now ?? new Date();
  const at = { now, holdHours: options.holdHours ?? DEFAULT_HOLD_HOURS };
  const due = await db.execute<{ id: number }>(
    sql`select booking_requests.id from ${DUE_FROM} where ${release.due(at)}
      order by booking_requests.id limit 500`,
  );
  let expired = 0;
  let failure: unknown;
  for (const { id } of due.rows) {
    // The list was read before the provider calls of the bookings ahead of this one: a booking
    // that stopped being due since is left untouched, its payments not voided.
    if (!(await isStillDue(db, id, at, release.due))) continue;
    // A charged traveller never loses the seat: the provider is asked first (a charge whose
    // recording a crash lost is applied, and the booking is then no longer due below), and
    // what is still open is voided so nothing is charged after the release.
    const asked = await options.payments.voidBeforeRelease(id, options.publicUrl).then(
      () => true,
      (error: unknown) => {
        // The provider cannot say whether the traveller paid: the booking waits a round.
        failure ??= error;
        return false;
      },
    );
    if (!asked) continue;
    const result = await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        // The due test again on the locked row (date first, as every booking transaction):
        // paid, confirmed with a new hold, or claimed by its proven guest meanwhile, it stays.
        const row = await lockBookingAfterDate(tx, id);
        if (!row) return undefined;
        if (!(await isStillDue(tx, id, at, release.due))) {
          // Kept (committed, not refused: a 409 would roll the closing back).
          await closeVoidedAtProvider(tx, id, now);
          return undefined;
        }
        return release.apply(tx, row, now, options);
      }),
    ).catch((error: unknown) => {
      // Another process moved it first: nothing to release here.
      if (error instanceof HttpError && error.statusCode === 409) return undefined;
      throw error;
    });
    if (!result) continue;
    await options.payments.settleVoids(result.closedPayments, options.publicUrl);
    expired += 1;
  }
  if (failure !== undefined) throw failure;
  return expired;
}

/** Cancels the unpaid requests whose hold has ended; answers how many. */
export function expireUnpaidBookings(db: Database, options: ExpiryOptions): Promise<number> {
  return releaseDue(db, options, UNPAID_BOOKINGS);
}

/**
 * Gives back the places of riders added to paid bookings whose hold ended before their share of
 * the prepayment was paid (`added-riders.ts`); the riders paid for keep theirs. Answers how many
 * bookings.
 */
export function releaseUnpaidRiders(db: Database, options: ExpiryOptions): Promise<number> {
  return releaseDue(db, options, UNPAID_RIDERS);
}

/**
 * One round of the booking job: payments the provider settled but Gallop never recorded (before
 * any hold is judged), dates whose group reached its minimum unseen (decision 111), dates past
 * their decision day (decision 148), holds, ended tours, reminders, refunds left pending, old idempotency keys.
 * A failing step (the provider unreachable) does not stop the others; its error is thrown after.
 */
export async function runBookingJob(db: Database, options: ExpiryOptions): Promise<void> {
  const now = options.now ?? new Date();
  const steps = [
    () => options.payments.reconcile(options.publicUrl, now),
    // A date whose group reached its minimum with no booking to run it (decision 111).
    () => guaranteeReachedDates(db, { ...options, now }),
    // Before the holds: a date past its decision day releases its requests with that reason.
    () => callOffUndecidedDates(db, { ...options, now }),
    () => expireUnpaidBookings(db, options),
    // Before the ended tours: a booking waiting for its added riders' share is prepaid again.
    () => releaseUnpaidRiders(db, options),
    () => completeEndedTours(db, options),
    () => remindBalances(db, { now, publicUrl: options.publicUrl }),
    () => options.payments.sendRefunds(),
    () => purgeIdempotencyKeys(db, now),
  ];
  let failure: unknown;
  for (const step of steps) {
    await step().catch((error: unknown) => {
      failure ??= error;
    });
  }
  if (failure !== undefined) throw failure;
}

/** Runs `runBookingJob` every `intervalMs`; answers a stop function. */
export function startBookingExpiry(
  db: Database,
  options: Omit<ExpiryOptions, 'now'> & { intervalMs?: number; onError: (error: unknown) => void },
): () => Promise<void> {
  return startRounds(() => runBookingJob(db, options), {
    // Guests' holds are short (30 minutes): a minute's delay is a small share of them.
    intervalMs: options.intervalMs ?? 60_000,
    onError: options.onError,
  });
}
