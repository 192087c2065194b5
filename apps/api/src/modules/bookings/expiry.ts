/**
 * Unpaid holds end (decision 025): a confirmed booking (status 2) with nothing paid gives its seats
 * back after the hold time, and any unpaid request does once its tour has started. Such requests
 * become "canceled by system" (7) and the contact is told. Several API processes may run this
 * together: each request changes with one conditional UPDATE, so only one of them wins it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, outbox, payments } from '#src/db/schema/index.ts';
import { todayIso } from '#src/modules/catalog/tour-card.ts';
import { bookingUrl } from './messages.ts';
import { CONTRACT_STATUS, STATUS } from './records.ts';
import { releaseSeats } from './seats.ts';

export const DEFAULT_HOLD_HOURS = 72;
/** A payment opened this recently may still be on the provider's page: its booking waits. */
const PAYMENT_IN_FLIGHT_MS = 30 * 60_000;
const STATUS_CANCELED_BY_SYSTEM = 7;

export interface ExpiryOptions {
  now?: Date;
  holdHours?: number;
  publicUrl: string;
}

/** Cancels the unpaid requests whose hold has ended; answers how many. */
export async function expireUnpaidBookings(db: Database, options: ExpiryOptions): Promise<number> {
  const now = options.now ?? new Date();
  const holdStart = new Date(now.getTime() - (options.holdHours ?? DEFAULT_HOLD_HOURS) * 3_600_000);
  const inFlightSince = new Date(now.getTime() - PAYMENT_IN_FLIGHT_MS);
  const today = todayIso(now);
  const due = (await db.execute(sql`
    select booking_requests.id from booking_requests
    left join tour_dates on tour_dates.id = booking_requests.tour_date_id
    where booking_requests.paid = 0
      and (
        (booking_requests.status = ${STATUS.pendingPrepayment} and booking_requests.created_at < ${holdStart.toISOString()})
        or (booking_requests.status in (${STATUS.pendingConfirm}, ${STATUS.pendingPrepayment}) and tour_dates.start_date <= ${today}::date)
      )
      and not exists (
        select 1 from payments where payments.request_id = booking_requests.id
          and payments.status = 1 and payments.created_at > ${inFlightSince.toISOString()}
      )
    order by booking_requests.id
    limit 500`)) as unknown as { rows: { id: number }[] };
  let expired = 0;
  for (const { id } of due.rows) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(bookingRequests)
        .set({
          status: STATUS_CANCELED_BY_SYSTEM,
          contractStatus: CONTRACT_STATUS.noPayments,
          cancelMessage: 'The hold ended before a payment was made',
          canceledAt: now,
          updatedAt: now,
        })
        .where(
          and(
            eq(bookingRequests.id, id),
            eq(bookingRequests.paid, 0),
            inArray(bookingRequests.status, [STATUS.pendingConfirm, STATUS.pendingPrepayment]),
          ),
        )
        .returning();
      if (!row) return false;
      if (row.tourDateId !== null) await releaseSeats(tx, row.tourDateId, row.seats);
      // Payments left open on the provider's page can no longer be completed.
      await tx
        .update(payments)
        .set({ status: 3, failureReason: 'expired', updatedAt: now })
        .where(and(eq(payments.requestId, id), eq(payments.status, 1)));
      await tx.insert(outbox).values({
        kind: 'booking-expired',
        channel: 'email',
        recipient: row.contactEmail,
        subject: `Booking request #${row.id} was released`,
        body: `Hello ${row.contactName},\n\nNo payment reached us for booking request #${row.id}, so its seats were released. If you still want to ride, book again: ${bookingUrl(row, options.publicUrl)}\n\nThe Gallop team`,
        payload: { requestId: row.id },
      });
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

/** Runs `expireUnpaidBookings` every `intervalMs`; answers a stop function. */
export function startBookingExpiry(
  db: Database,
  options: Omit<ExpiryOptions, 'now'> & { intervalMs?: number; onError: (error: unknown) => void },
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(
    () => {
      running = running.then(() => expireUnpaidBookings(db, options)).catch(options.onError);
    },
    options.intervalMs ?? 5 * 60_000,
  );
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
