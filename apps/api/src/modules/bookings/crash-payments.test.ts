/**
 * Card payments survive a crash (decision 089, docs/transactions.md): the API runs as a child
 * process on a scratch PostgreSQL database, a traveller's 30 bookings on one date each have a
 * payment started, and all 30 card forms are posted at once; the process is killed with SIGKILL
 * once 10 charges are in the provider's books, when most charges are made at the provider and
 * not yet recorded in Gallop. After a restart, with no traveller doing anything, the booking
 * job's reconciliation (three processes' rounds at once) and the travellers' status reads credit
 * each charge exactly once: no refund, one e-mail, the seats kept when the holds end, and only
 * the bookings nobody was charged for released. The other crash tests: `crash.test.ts`.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingRequests,
  outbox,
  payments,
  refunds,
  sandboxPayments,
  tourDates,
} from '#src/db/schema/index.ts';
import { bookingPayments } from '#src/modules/payments/index.ts';
import { expectContractResponse, fromFetch } from '#src/testing/contract.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { signedUser } from '#src/testing/signed-user.ts';
import { runBookingJob } from './expiry.ts';
import {
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
/** The kill comes once this many charges are in the provider's books. */
const KILL_AT_CHARGES = 10;
const PUBLIC_URL = 'http://web.test';
const HOUR = 3_600_000;

let bed: CrashBed | undefined;

interface Started {
  bookingId: number;
  paymentId: number;
  redirectUrl: string;
}

/** Each payment: Gallop's status, the provider's, and its booking's status and paid amount. */
async function ledger(paymentIds: number[]) {
  return (
    await bed!.db.execute<{
      payment_id: number;
      booking_id: number;
      amount: number;
      gallop: number;
      card: string | null;
      provider: string | null;
      booking_status: number;
      paid: number;
      refunded: number;
    }>(sql`
      select p.id as payment_id, b.id as booking_id, p.amount::float8 as amount,
             p.status as gallop, p.card_last4 as card, s.status as provider,
             b.status as booking_status, b.paid::float8 as paid, b.refunded::float8 as refunded
      from payments p
      join booking_requests b on b.id = p.request_id
      left join sandbox_payments s on s.provider_payment_id = p.provider_payment_id
      where p.id in (${sql.join(
        paymentIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by p.id`)
  ).rows;
}

const freeSeats = async (dateId: number) =>
  (await bed!.db.select().from(tourDates).where(eq(tourDates.id, dateId)))[0]!.numberOfFreeSeats;

describe.runIf(testDatabaseKind() === 'postgres')('card payments across a crash (SIGKILL)', () => {
  beforeAll(async () => {
    bed = await openCrashBed('crash_pay', 1, guaranteedWithSeats(CAPACITY));
  }, 180_000);

  afterAll(() => bed?.close(), 60_000);

  it('credits each charge the crash kept from being recorded once after the restart, refunds nothing and keeps the seats', async () => {
    const db = bed!.db;
    const date = bed!.dates[0]!;
    const traveller = await signedUser(db);
    const auth = { 'x-authorization': `Bearer ${traveller.token}` };

    // 30 bookings of one rider on one date, and a full payment started for each.
    const bookingIds: number[] = [];
    for (let n = 0; n < BOOKINGS; n += 1) {
      const answer = await post(
        `${bed!.api.url}/crm/api/request/create`,
        {
          tour_id: date.tourId,
          tour_date_id: date.id,
          tourists: [{ first_name: 'Pay', last_name: `Rider${n}` }],
          contact: { name: `Pay ${n}`, email: `crash-pay-${n}@example.com`, phone: '+14155553000' },
        },
        { ...auth, 'idempotency-key': randomUUID() },
      );
      expect(answer.statusCode, answer.body).toBe(201);
      const booking = JSON.parse(answer.body) as { id: number; status: number };
      expect(booking.status).toBe(2);
      bookingIds.push(booking.id);
    }
    const starts: Started[] = await Promise.all(
      bookingIds.map(async (bookingId) => {
        const answer = await post(
          `${bed!.api.url}/crm/api/payment/start`,
          { request_id: bookingId, payment_type: 'full', payment_method: 'card' },
          auth,
        );
        expectContractResponse(answer, 'startPayment');
        const body = JSON.parse(answer.body) as {
          payment: { id: number };
          redirect_url: string;
        };
        return { bookingId, paymentId: body.payment.id, redirectUrl: body.redirect_url };
      }),
    );
    const paymentIds = starts.map((started) => started.paymentId);
    const providerIds = (
      await db
        .select({ id: payments.providerPaymentId })
        .from(payments)
        .where(inArray(payments.id, paymentIds))
    ).map((row) => row.id);
    expect(await freeSeats(date.id)).toBe(CAPACITY - BOOKINGS);

    // Every card form at once; SIGKILL once 10 charges are in the provider's books.
    const chargedSoFar = async () =>
      (
        await db
          .select({ id: sandboxPayments.providerPaymentId })
          .from(sandboxPayments)
          .where(
            and(
              inArray(sandboxPayments.providerPaymentId, providerIds),
              eq(sandboxPayments.status, 'succeeded'),
            ),
          )
      ).length;
    const { firstTry, killedAtMs } = await roundKilled(
      bed!.api,
      starts.map((started) => (url: string) => payByCard(url, started)),
      { reached: async () => (await chargedSoFar()) >= KILL_AT_CHARGES },
    );
    const atCrash = await ledger(paymentIds);
    const lost = atCrash.filter((row) => row.provider === 'succeeded' && row.gallop === 1);
    const chargedAtCrash = atCrash.filter((row) => row.provider === 'succeeded');
    console.info(
      `payment crash: ${BOOKINGS} card forms at once, SIGKILL ${killedAtMs} ms in: ` +
        `${firstTry.filter(Boolean).length} answered, ${chargedAtCrash.length} charged at the ` +
        `provider, of them ${lost.length} not recorded in Gallop`,
    );
    // The crash came between charges and their recording.
    expect(lost.length).toBeGreaterThan(0);
    expect(firstTry.filter((answer) => answer && answer.statusCode >= 500)).toEqual([]);

    // A fresh process; nobody reopens a payment page. Two travellers read their payment's
    // status on it while three processes' booking jobs run past the reconciliation's grace.
    const api = await bed!.restart();
    const job = {
      now: new Date(Date.now() + 3 * 60_000),
      holdHours: 72,
      publicUrl: PUBLIC_URL,
      payments: bookingPayments(db),
    };
    const reads = lost.slice(0, 2).map((row) =>
      untilAnswered(async () =>
        fromFetch(
          await fetch(`${api.url}/crm/api/payment/status?payment_id=${row.payment_id}`, {
            headers: auth,
          }),
        ),
      ),
    );
    const [answers] = await Promise.all([
      Promise.all(reads),
      runBookingJob(db, job),
      runBookingJob(db, job),
      runBookingJob(db, job),
    ]);
    for (const answer of answers) {
      expectContractResponse(answer, 'getPaymentStatus');
      expect(JSON.parse(answer.body)).toMatchObject({ status: 2, card_last4: '4242' });
    }

    // Each charge at the provider is a paid payment and a paid booking, once; nothing else is.
    const after = await ledger(paymentIds);
    const charged = after.filter((row) => row.provider === 'succeeded');
    expect(charged.length).toBe(chargedAtCrash.length);
    for (const row of after) {
      if (row.provider === 'succeeded') {
        expect(row).toMatchObject({
          gallop: 2,
          card: '4242',
          booking_status: 3,
          paid: row.amount,
          refunded: 0,
        });
      } else {
        expect(row).toMatchObject({ gallop: 1, booking_status: 2, paid: 0 });
      }
    }
    const mails = await db
      .select({ kind: outbox.kind, payload: outbox.payload })
      .from(outbox)
      .where(
        and(
          inArray(outbox.kind, ['payment-received', 'payment-refunded']),
          inArray(sql`(${outbox.payload}->>'requestId')::int`, bookingIds),
        ),
      );
    expect(mails.map((mail) => mail.kind)).toEqual(charged.map(() => 'payment-received'));
    expect(
      mails.map((mail) => (mail.payload as { requestId: number }).requestId).sort((a, b) => a - b),
    ).toEqual(charged.map((row) => row.booking_id).sort((a, b) => a - b));
    expect(await db.select().from(refunds).where(inArray(refunds.requestId, bookingIds))).toEqual(
      [],
    );
    expect(await freeSeats(date.id)).toBe(CAPACITY - BOOKINGS);

    // The holds end: the charged bookings keep their seats, the others are released and their
    // payments voided at the provider. A second round changes nothing.
    const holdsEnded = { ...job, now: new Date(Date.now() + 73 * HOUR) };
    await Promise.all([runBookingJob(db, holdsEnded), runBookingJob(db, holdsEnded)]);
    await runBookingJob(db, holdsEnded);
    const ended = await ledger(paymentIds);
    for (const row of ended) {
      expect(row).toMatchObject(
        row.provider === 'succeeded'
          ? { gallop: 2, booking_status: 3, paid: row.amount, refunded: 0 }
          : { gallop: 3, provider: 'voided', booking_status: 7, paid: 0 },
      );
    }
    expect(await freeSeats(date.id)).toBe(CAPACITY - BOOKINGS + (BOOKINGS - charged.length));
    expect(await db.select().from(refunds).where(inArray(refunds.requestId, bookingIds))).toEqual(
      [],
    );
    const books = await db
      .select({ refunded: sandboxPayments.refunded })
      .from(sandboxPayments)
      .where(inArray(sandboxPayments.providerPaymentId, providerIds));
    expect(books.filter((row) => row.refunded !== 0)).toEqual([]);
    const released = await db
      .select({ id: bookingRequests.id })
      .from(bookingRequests)
      .where(and(inArray(bookingRequests.id, bookingIds), eq(bookingRequests.status, 7)));
    expect(released).toHaveLength(BOOKINGS - charged.length);
  }, 180_000);
});
