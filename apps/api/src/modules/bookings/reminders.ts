/**
 * Balance reminders (issue 42; decision 091): a prepaid booking whose balance is still open is
 * reminded by e-mail 7 and 2 days before the balance is due (the date's full-payment days before
 * the start). Each reminder is claimed with a compare-and-set on `balance_reminded_days` in the
 * transaction that queues its e-mail, so API processes running the job at once send it once; a
 * booking found late gets only the nearest reminder, never both at once.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, outbox, tours } from '#src/db/schema/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { bookingGreeting, bookingUrl } from './messages.ts';
import { balanceDueDay, daysUntil, STATUS } from '@gallop/booking-rules';
import { counted, displayDay, money } from './wording.ts';

/** Days before the balance is due when the traveller is reminded, farthest first. */
const BALANCE_REMINDER_DAYS = [7, 2] as const;

const DAY_MS = 86_400_000;

/**
 * The reminders this job will still send for a balance due by `dueBy` (YYYY-MM-DD), as of `today`:
 * those whose day is after today, farthest first. One whose day has come goes at once or not at
 * all (only the nearest when the job finds a booking late), so what tells the traveller when they
 * are reminded (the payment receipt, the booking pages) promises these only.
 */
export function remindersAhead(dueBy: string, today: string): number[] {
  const daysLeft = daysUntil(dueBy, today);
  return BALANCE_REMINDER_DAYS.filter((days) => days < daysLeft);
}

/** The reminder due `daysLeft` days before the balance is due, after `sent`; none: undefined. */
export function reminderDue(daysLeft: number, sent: number | null): number | undefined {
  if (daysLeft < 0) return undefined;
  const due = BALANCE_REMINDER_DAYS.filter((days) => daysLeft <= days).at(-1);
  if (due === undefined) return undefined;
  return sent === null || sent > due ? due : undefined;
}

/** Queues the balance reminders due today; answers how many were sent. */
export async function remindBalances(
  db: Database,
  options: { now: Date; publicUrl: string },
): Promise<number> {
  const today = todayIso(options.now);
  const horizon = new Date(Date.parse(today) + (BALANCE_REMINDER_DAYS[0] + 1) * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const candidates = await db.execute<{
    id: number;
    start_date: string;
    full_payment_days: number;
    balance_reminded_days: number | null;
  }>(sql`
    select r.id, d.start_date::text as start_date, d.full_payment_days, r.balance_reminded_days
    from booking_requests r join tour_dates d on d.id = r.tour_date_id
    where r.status = ${STATUS.madePrepayment} and r.paid < r.price
      and d.full_payment_days is not null
      and d.start_date - d.full_payment_days <= ${horizon}::date
      and d.start_date > ${today}::date
    order by r.id
    limit 500`);
  let sent = 0;
  for (const row of candidates.rows) {
    const dueDay = balanceDueDay(row.start_date, row.full_payment_days)!;
    const daysLeft = daysUntil(dueDay, today);
    const reminder = reminderDue(daysLeft, row.balance_reminded_days);
    if (reminder === undefined) continue;
    const claimed = await db.transaction(async (tx) => {
      const [booking] = await tx
        .update(bookingRequests)
        .set({ balanceRemindedDays: reminder })
        .where(
          and(
            eq(bookingRequests.id, row.id),
            eq(bookingRequests.status, STATUS.madePrepayment),
            lt(bookingRequests.paid, bookingRequests.price),
            or(
              isNull(bookingRequests.balanceRemindedDays),
              sql`${bookingRequests.balanceRemindedDays} > ${reminder}`,
            ),
          ),
        )
        .returning();
      if (!booking) return false;
      const [tour] = await tx
        .select({ name: tours.name })
        .from(tours)
        .where(eq(tours.id, booking.tourId));
      const left = money(booking.price - booking.paid, booking.currency);
      const inDays = `in ${counted(daysLeft, 'day')}`;
      const when = daysLeft === 0 ? 'today' : `by ${displayDay(dueDay)} (${inDays})`;
      await tx.insert(outbox).values({
        kind: 'balance-reminder',
        channel: 'email',
        recipient: booking.contactEmail,
        subject: `The balance of booking #${booking.id} is due ${daysLeft === 0 ? 'today' : inDays}: ${tour?.name ?? 'your tour'}`,
        body: `${bookingGreeting(booking)}\n\nThe rest of the price of "${tour?.name ?? 'your tour'}", ${left}, is due ${when}. Pay it on your booking's page: ${bookingUrl(booking, options.publicUrl)}\n\nThe Gallop team`,
        payload: { requestId: booking.id, daysBefore: reminder },
      });
      return true;
    });
    if (claimed) sent += 1;
  }
  return sent;
}
