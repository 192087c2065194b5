/**
 * After the trip (decisions: "Booking lifecycle", the tour's end passes 3 → 4). The booking job
 * moves each prepaid booking whose tour ended before today to "tour complete" through the status
 * machine, and in the same transaction queues the invitation to review it (`/review/{uuid}`).
 * A booking already moved answers `unchanged` or 409, so a second run, or another API process
 * running the job at once, invites nobody twice.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { outbox } from '#src/db/schema/index.ts';
import { HttpError } from '#src/http/http-error.ts';
import { todayIso } from '#src/shared/dates.ts';
import { bookingGreeting } from './messages.ts';
import { STATUS, type RequestRow } from './records.ts';
import { transitionBooking } from './transitions.ts';

export interface CompletionOptions {
  now?: Date;
  publicUrl: string;
}

/** The review page of a booking: opens by the booking's link key, no sign-in needed. */
function reviewUrl(request: Pick<RequestRow, 'uuid'>, publicUrl: string): string {
  return new URL(`/review/${request.uuid}`, publicUrl).href;
}

function reviewInvitation(row: RequestRow, publicUrl: string): typeof outbox.$inferInsert {
  return {
    kind: 'review-invitation',
    channel: 'email',
    recipient: row.contactEmail,
    subject: `How was your ride? Review booking #${row.id}`,
    body: `${bookingGreeting(row)}\n\nWe hope you enjoyed the ride. Your review helps other riders choose their tour and the organizer improve it. It takes two minutes: ${reviewUrl(row, publicUrl)}\n\nThe Gallop team`,
    payload: { requestId: row.id },
  };
}

/** Completes the prepaid bookings whose tour has ended; answers how many moved. */
export async function completeEndedTours(
  db: Database,
  options: CompletionOptions,
): Promise<number> {
  const now = options.now ?? new Date();
  const due = await db.execute<{ id: number }>(sql`
    select booking_requests.id from booking_requests
    join tour_dates on tour_dates.id = booking_requests.tour_date_id
    where booking_requests.status = ${STATUS.madePrepayment}
      and tour_dates.end_date < ${todayIso(now)}::date
    order by booking_requests.id
    limit 500`);
  let completed = 0;
  for (const { id } of due.rows) {
    const result = await transitionBooking(db, id, {
      event: 'tour-ends',
      actor: 'system',
      now,
      notify: { publicUrl: options.publicUrl },
      messages: (moved) => [reviewInvitation(moved, options.publicUrl)],
    }).catch((error: unknown) => {
      // Cancelled or completed meanwhile by another process: nothing to do here.
      if (error instanceof HttpError && error.statusCode === 409) return undefined;
      throw error;
    });
    if (result?.kind === 'moved') completed += 1;
  }
  return completed;
}
