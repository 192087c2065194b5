/**
 * Cancellation refunds survive a crash (decisions 089 and 091, docs/transactions.md): the API
 * runs as a child process on a scratch PostgreSQL database; 30 paid bookings of one date are
 * cancelled by their travellers all at once, and the process is killed with SIGKILL once the
 * provider has made 10 of their refunds, when some cancellations are committed with their refund
 * still pending, some refunds made at the provider and not yet marked sent, and some cancels not
 * committed at all. After a restart the travellers send again the cancels that got no answer
 * while three processes' booking jobs retry the pending refunds: each booking is cancelled once,
 * refunded once by its policy, and the provider's books are Gallop's. The other crash tests:
 * `crash.test.ts`, `crash-payments.test.ts`.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { payments, refunds, sandboxRefunds } from '#src/db/schema/index.ts';
import { bookingPayments } from '#src/modules/payments/index.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { signedUser } from '#src/testing/signed-user.ts';
import { runBookingJob } from './expiry.ts';
import {
  cancelAs,
  dateRowOf,
  openCrashBed,
  payByCard,
  post,
  roundKilled,
  untilAnswered,
  type CrashBed,
  guaranteedWithSeats,
} from './testing-crash.ts';

const CAPACITY = 40;
const BOOKINGS = 30;
/** The kill comes once the provider has made this many of the cancellations' refunds. */
const KILL_AT_REFUNDS = 10;
const PUBLIC_URL = 'http://web.test';

let bed: CrashBed | undefined;

/** Each booking: status, paid, refunded; its charge at Gallop and at the provider; its refunds. */
async function ledger(bookingIds: number[]) {
  return (
    await bed!.db.execute<{
      booking_id: number;
      status: number;
      paid: number;
      booking_refunded: number;
      payment_refunded: number;
      provider_charged: number;
      provider_refunded: number;
      provider_refunds: number;
      refund_rows: number;
      refund_sum: number;
      refunds_pending: number;
    }>(sql`
      select b.id as booking_id, b.status, b.paid::float8 as paid,
        b.refunded::float8 as booking_refunded, p.refunded::float8 as payment_refunded,
        s.amount::float8 as provider_charged, s.refunded::float8 as provider_refunded,
        (select count(*)::int from sandbox_refunds sr
          where sr.provider_payment_id = p.provider_payment_id) as provider_refunds,
        (select count(*)::int from refunds r where r.payment_id = p.id) as refund_rows,
        (select coalesce(sum(r.amount), 0)::float8 from refunds r where r.payment_id = p.id)
          as refund_sum,
        (select count(*)::int from refunds r where r.payment_id = p.id and r.status = 1)
          as refunds_pending
      from booking_requests b
      join payments p on p.request_id = b.id and p.status = 2
      join sandbox_payments s on s.provider_payment_id = p.provider_payment_id
      where b.id in (${sql.join(
        bookingIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by b.id`)
  ).rows;
}

describe.runIf(testDatabaseKind() === 'postgres')(
  'cancellation refunds across a crash (SIGKILL)',
  () => {
    beforeAll(async () => {
      bed = await openCrashBed('crash_refund', 1, guaranteedWithSeats(CAPACITY));
    }, 180_000);

    afterAll(() => bed?.close(), 60_000);

    it('refunds each cancelled booking once after the restart, as its policy says', async () => {
      const db = bed!.db;
      const date = bed!.dates[0]!;

      // 30 travellers' one-rider bookings, each paid in full on its card page.
      const travellers: { token: string; bookingId: number }[] = [];
      for (let n = 0; n < BOOKINGS; n += 1) {
        const { token } = await signedUser(db);
        const auth = { 'x-authorization': `Bearer ${token}` };
        const made = await post(
          `${bed!.api.url}/crm/api/request/create`,
          {
            tour_id: date.tourId,
            tour_date_id: date.id,
            tourists: [{ first_name: 'Refund', last_name: `Rider${n}` }],
            contact: {
              name: `Refund ${n}`,
              email: `crash-refund-${n}@example.com`,
              phone: '+14155553001',
            },
          },
          { ...auth, 'idempotency-key': randomUUID() },
        );
        expect(made.statusCode, made.body).toBe(201);
        const bookingId = (JSON.parse(made.body) as { id: number }).id;
        const started = await post(
          `${bed!.api.url}/crm/api/payment/start`,
          { request_id: bookingId, payment_type: 'full', payment_method: 'card' },
          auth,
        );
        expect(started.statusCode, started.body).toBe(200);
        const redirectUrl = (JSON.parse(started.body) as { redirect_url: string }).redirect_url;
        expect((await payByCard(bed!.api.url, { redirectUrl })).statusCode).toBe(303);
        travellers.push({ token, bookingId });
      }
      const bookingIds = travellers.map((t) => t.bookingId);
      const paid = await ledger(bookingIds);
      expect(paid).toHaveLength(BOOKINGS);
      expect(paid.every((row) => row.status === 3 && row.paid === row.provider_charged)).toBe(true);
      const providerIds = (
        await db
          .select({ id: payments.providerPaymentId })
          .from(payments)
          .where(and(inArray(payments.requestId, bookingIds), eq(payments.status, 2)))
      ).map((row) => row.id);

      // Every cancel at once; SIGKILL once the provider has made 10 of their refunds.
      const refundsSoFar = async () =>
        (
          await db
            .select({ key: sandboxRefunds.refundKey })
            .from(sandboxRefunds)
            .where(inArray(sandboxRefunds.providerPaymentId, providerIds))
        ).length;
      const { firstTry, killedAtMs } = await roundKilled(
        bed!.api,
        travellers.map((traveller) => cancelAs(traveller)),
        { reached: async () => (await refundsSoFar()) >= KILL_AT_REFUNDS },
      );
      const atCrash = await ledger(bookingIds);
      const pendingAtCrash = atCrash.filter((row) => row.refunds_pending > 0).length;
      const madeNotMarked = atCrash.filter(
        (row) => row.refunds_pending > 0 && row.provider_refunds > 0,
      ).length;
      const uncommitted = atCrash.filter((row) => row.status === 3).length;
      console.info(
        `refund crash: ${BOOKINGS} cancels at once, SIGKILL ${killedAtMs} ms in: ` +
          `${firstTry.filter(Boolean).length} answered, ${atCrash.length - uncommitted} committed, ` +
          `${pendingAtCrash} with a refund pending (${madeNotMarked} of them made at the provider), ` +
          `${uncommitted} not cancelled`,
      );
      expect(firstTry.filter((answer) => answer && answer.statusCode >= 500)).toEqual([]);
      // The crash came between the cancels' commits and their refunds.
      expect(pendingAtCrash + uncommitted).toBeGreaterThan(0);

      // A fresh process; the travellers without an answer cancel again while three processes'
      // booking jobs retry what is pending.
      const api = await bed!.restart();
      const job = {
        now: new Date(),
        holdHours: 72,
        publicUrl: PUBLIC_URL,
        payments: bookingPayments(db),
      };
      const retried = travellers.filter((_, i) => firstTry[i] === undefined);
      const [answers] = await Promise.all([
        Promise.all(retried.map((traveller) => untilAnswered(() => cancelAs(traveller)(api.url)))),
        runBookingJob(db, job),
        runBookingJob(db, job),
        runBookingJob(db, job),
      ]);
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      // One more round sends what a cancel committed after the jobs' rounds left pending.
      await runBookingJob(db, job);

      const after = await ledger(bookingIds);
      for (const row of after) {
        expect(row).toMatchObject({
          status: 5,
          // More than two months ahead: every policy gives everything back.
          booking_refunded: row.paid,
          payment_refunded: row.paid,
          provider_refunded: row.paid,
          provider_refunds: 1,
          refund_rows: 1,
          refund_sum: row.paid,
          refunds_pending: 0,
        });
      }
      const cancellationRefunds = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(inArray(refunds.requestId, bookingIds));
      expect(cancellationRefunds).toHaveLength(BOOKINGS);
      // Every seat back, once.
      const row = await dateRowOf(db, date.id);
      expect(row.numberOfFreeSeats).toBe(CAPACITY);
    }, 240_000);
  },
);
