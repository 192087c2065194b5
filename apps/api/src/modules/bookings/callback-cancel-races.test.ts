/**
 * A provider's success notice racing every way a booking ends (decisions: "Money"; 089, 091): the
 * traveller's cancel, the organizer's, support's and the booking job's release at the end of a
 * hold, each with the signed callbacks and the card page's own completion at once. Whatever
 * wins, the money is either kept by a live booking (at most its price) or given back as the
 * canceller's policy says, each charge refunded at most once per cause and never beyond itself,
 * and Gallop's books are the provider's. On PostgreSQL the requests really overlap; on PGlite
 * the same assertions hold one after another.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingRequests, payments, refunds } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { prepaidAt, tiersOfBooking, travellerRefund } from '@gallop/booking-rules';
import { todayIso } from '#src/shared/dates.ts';
import { bookingPayments, TEST_CARDS } from '#src/modules/payments/index.ts';
import { chargeAtProvider, submitCard, successNoticeOf } from '#src/modules/payments/testing.ts';
import { expireUnpaidBookings, runBookingJob } from './expiry.ts';
import {
  book,
  bookingScratchAppForFile,
  dateWithSeats,
  organizerMemberOf,
  placesOf,
  signUp,
  signUpSupport,
} from './testing-scratch.ts';

const SECRET = 'payment-secret-for-callback-cancel-races';
const PUBLIC_URL = 'http://web.test';
const { app, db } = bookingScratchAppForFile('callback_cancels', {
  PAYMENT_SANDBOX_SECRET: SECRET,
});
const used = new Set<number>();
const rounds = testDatabaseKind() === 'postgres' ? 10 : 1;

async function api(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const response = await app().inject({
    method,
    url,
    headers: token ? { 'x-authorization': `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Json };
}

type Ender = 'traveller' | 'organizer' | 'support' | 'job';
const ENDERS: readonly Ender[] = ['traveller', 'organizer', 'support', 'job'];

/** A confirmed two-rider booking with a payment of `type` open on its card page. */
async function openPayment(type: 'prepayment' | 'full') {
  const date = await dateWithSeats(db(), 10, used);
  const traveller = await signUp(app());
  const made = await book(app(), date, { ...traveller, riders: 2 });
  expect(made.status).toBe(201);
  const id = made.body.id as number;
  const started = await api('POST', '/crm/api/payment/start', traveller.token, {
    request_id: id,
    payment_type: type,
    payment_method: 'card',
  });
  expect(started.status).toBe(200);
  const [payment] = await db()
    .select()
    .from(payments)
    .where(eq(payments.id, started.body.payment.id as number));
  return { date, traveller, id, payment: payment!, url: started.body.redirect_url as string };
}

const successNotice = (stored: { id: number; providerPaymentId: string }) =>
  successNoticeOf(stored, SECRET);

type Label = 'end' | 'page' | 'callback' | 'start';

/** What each kind of call may answer in these races (a deadlock's 409 is none of them). */
const EXPECTED: Record<Label, readonly number[]> = {
  // A cancel, repeated or not, and the job's round.
  end: [200],
  // The card page charged, or closed by a void (410).
  page: [303, 410],
  callback: [200],
  // A start after the booking was paid up, cancelled or repriced is refused.
  start: [200, 409, 422],
};

const labelled = async (
  label: Label,
  answer: Promise<{ status: number } | { statusCode: number }>,
) => {
  const done = await answer;
  return { label, status: 'status' in done ? done.status : done.statusCode };
};

const unexpectedAnswers = (answers: { label: Label; status: number }[]) =>
  answers.filter((a) => !EXPECTED[a.label].includes(a.status)).map((a) => `${a.label} ${a.status}`);

/** The booking job's release at the end of a hold, run as a second process would. */
const runJob = () =>
  expireUnpaidBookings(db(), {
    now: new Date(),
    holdHours: 72,
    publicUrl: PUBLIC_URL,
    payments: bookingPayments(db()),
  }).then(
    () => ({ status: 200 }),
    (error: unknown) => ({ status: 500, error }),
  );

/** Who ends the booking and how: a cancel by each side, or the booking job (`job`). */
function endBooking(
  ender: Ender,
  id: number,
  people: { traveller: { token: string }; member?: { token: string }; agent?: { token: string } },
  job: () => Promise<{ status: number }>,
) {
  switch (ender) {
    case 'traveller':
      return api('POST', '/crm/api/request/cancel', people.traveller.token, { id });
    case 'organizer':
      return api('POST', '/crm/api/partner/booking/cancel', people.member!.token, {
        id,
        reason: 'The horses are lame',
      });
    case 'support':
      return api('POST', '/crm/api/support/booking/cancel', people.agent!.token, {
        id,
        reason: 'Fraud check',
      });
    case 'job':
      return job();
  }
}

const supportAgent = () => signUpSupport(app(), db());

/** Each charge: amount, refunded at Gallop and at the provider, and its refund rows. */
async function chargesOf(id: number) {
  return (
    await db().execute<{
      id: number;
      amount: string;
      refunded: string;
      status: number;
      provider_charged: string;
      provider_refunded: string;
      refund_rows: string;
      refund_sum: string;
      cancellation_rows: string;
    }>(sql`
      select p.id, p.amount, p.refunded, p.status,
        case when s.status = 'succeeded' then s.amount else 0 end as provider_charged,
        s.refunded as provider_refunded,
        (select count(*) from refunds r where r.payment_id = p.id) as refund_rows,
        (select coalesce(sum(r.amount), 0) from refunds r where r.payment_id = p.id) as refund_sum,
        (select count(*) from refunds r where r.payment_id = p.id and r.reason = 'cancellation')
          as cancellation_rows
      from payments p join sandbox_payments s on s.provider_payment_id = p.provider_payment_id
      where p.request_id = ${id} order by p.id`)
  ).rows.map((r) => ({
    id: Number(r.id),
    amount: Number(r.amount),
    refunded: Number(r.refunded),
    status: Number(r.status),
    // The sandbox counts the currency's own minor units: EUR's are Gallop's hundredths.
    providerCharged: Number(r.provider_charged),
    providerRefunded: Number(r.provider_refunded),
    refundRows: Number(r.refund_rows),
    refundSum: Number(r.refund_sum),
    cancellationRows: Number(r.cancellation_rows),
  }));
}

describe("a provider's success racing the booking's end", () => {
  it(`callbacks and the card page against each canceller and the job, ${rounds} rounds each`, async () => {
    const outcomes: Record<string, Record<string, number>> = {};
    const defects: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      for (const ender of ENDERS) {
        const type = round % 2 === 0 ? 'full' : 'prepayment';
        const { date, traveller, id, payment, url } = await openPayment(type);
        const member =
          ender === 'organizer' ? await organizerMemberOf(app(), db(), date) : undefined;
        const agent = ender === 'support' ? await supportAgent() : undefined;
        if (ender === 'job') {
          // The hold ended, and the page was opened more than the in-flight wait ago.
          await db()
            .update(bookingRequests)
            .set({ holdUntil: new Date(Date.now() - 60_000) })
            .where(eq(bookingRequests.id, id));
          await db()
            .update(payments)
            .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
            .where(eq(payments.id, payment.id));
        }
        // The payer's bank confirmed on odd rounds before anyone acts; on even ones the card
        // page itself completes in the race.
        const preCharged = round % 2 === 1;
        if (preCharged) await chargeAtProvider(db(), payment.providerPaymentId);
        const notice = successNotice(payment);
        const end = () => endBooking(ender, id, { traveller, member, agent }, runJob);
        const answers = await Promise.all([
          labelled('end', end()),
          ...(preCharged ? [] : [labelled('page', submitCard(app(), url, TEST_CARDS.success))]),
          ...Array.from({ length: 3 }, () =>
            labelled('callback', api('POST', '/crm/api/payment/callback/4', undefined, notice)),
          ),
          labelled('end', end()),
          ...(ender === 'job' ? [labelled('end', runJob())] : []),
        ]);
        const unexpected = unexpectedAnswers(answers);
        if (unexpected.length > 0) defects.push(`${ender}#${round}: ${unexpected.join(', ')}`);
        // The booking job finishes what the race left: late charges, voids, refunds.
        const settle = bookingPayments(db());
        await settle.reconcile(PUBLIC_URL, new Date(Date.now() + 3_600_000));
        await settle.sendRefunds();

        const [row] = await db().select().from(bookingRequests).where(eq(bookingRequests.id, id));
        const charges = await chargesOf(id);
        const charged = charges.reduce((s, c) => s + c.providerCharged, 0);
        const providerRefunded = charges.reduce((s, c) => s + c.providerRefunded, 0);
        const pending = await db().select().from(refunds).where(eq(refunds.requestId, id));
        const key = `${ender}/${type}/${preCharged ? 'charged' : 'page'}`;
        const state = `${row!.status}:${row!.paid > 0 ? 'paid' : 'unpaid'}`;
        outcomes[key] ??= {};
        outcomes[key][state] = (outcomes[key][state] ?? 0) + 1;

        const problems: string[] = [];
        if (row!.paid > row!.price) problems.push('paid > price');
        if (row!.refunded > charged) problems.push('refunded > charged');
        if (providerRefunded !== row!.refunded) problems.push('provider refunded ≠ Gallop');
        if (!pending.every((r) => r.status === 2)) problems.push('refund left pending');
        for (const c of charges) {
          if (c.refunded > c.amount || c.refundSum > c.amount)
            problems.push(`#${c.id} over-refunded`);
          if (c.refundSum !== c.refunded) problems.push(`#${c.id} refunds ≠ refunded`);
          if (c.cancellationRows > 1) problems.push(`#${c.id} refunded twice by the cancel`);
          if (c.refundRows > 2) problems.push(`#${c.id} ${c.refundRows} refunds`);
        }
        const cancelledBy = pending.filter((r) => r.reason === 'cancellation');
        const gaveBack = cancelledBy.reduce((sum, r) => sum + r.amount, 0);
        // A cancelled booking's paid amount is what its cancel judged; what came later went back.
        const owed = cancellationOwed(row!, date.startDate) ?? gaveBack;
        if (gaveBack !== owed) problems.push(`cancel gave back ${gaveBack}, owed ${owed}`);
        const live = row!.status === 2 || row!.status === 3;
        if (live) {
          // A live booking keeps what it was charged, as far as due.
          if (ender !== 'job') problems.push(`not cancelled (${row!.status})`);
          if (row!.paid !== charged - row!.refunded) problems.push('live booking lost money');
        } else {
          // What the cancel found paid is what it judged; the rest of a charge went back whole.
          if (row!.paid > charged) problems.push('paid > charged');
          if (ender === 'job' && charged > 0) problems.push('released though charged');
          if (ender === 'organizer' || ender === 'support' || ender === 'job') {
            // Everything paid goes back for these.
            if (row!.refunded !== charged) problems.push('not all given back');
          }
        }
        const seats = await placesOf(db(), date.id);
        if (seats.free + seats.sold !== seats.capacity) problems.push('seats do not add up');
        if (problems.length > 0) {
          defects.push(
            `${key}#${round} status ${row!.status} paid ${row!.paid} refunded ${row!.refunded} charged ${charged}: ${problems.join(', ')}`,
          );
        }
      }
    }
    console.info('success vs end of booking', JSON.stringify(outcomes));
    expect(defects).toEqual([]);
  }, 600_000);
});

/**
 * What the cancellation of `row` owed of what it had paid (which no later payment changes): the
 * traveller's by the tiers accepted, everyone else's all of it; undefined while it is live.
 */
function cancellationOwed(row: typeof bookingRequests.$inferSelect, startDate: string) {
  if (row.status === 5) {
    const at = todayIso(row.canceledAt ?? new Date());
    return travellerRefund(tiersOfBooking(row), row.paid, startDate, at);
  }
  return row.status === 6 || row.status === 8 ? row.paid : undefined;
}

/** The booking's books: the provider keeps what it counts paid, less what a cancel gave back. */
async function booksOf(id: number, startDate: string) {
  const [row] = await db().select().from(bookingRequests).where(eq(bookingRequests.id, id));
  const charges = await chargesOf(id);
  const charged = charges.reduce((s, c) => s + c.providerCharged, 0);
  const providerRefunded = charges.reduce((s, c) => s + c.providerRefunded, 0);
  const cancelled = (await db().select().from(refunds).where(eq(refunds.requestId, id))).filter(
    (r) => r.reason === 'cancellation',
  );
  const problems: string[] = [];
  const gaveBack = cancelled.reduce((sum, r) => sum + r.amount, 0);
  const owed = cancellationOwed(row!, startDate) ?? gaveBack;
  if (gaveBack !== owed) problems.push(`cancel gave back ${gaveBack}, owed ${owed}`);
  if (row!.paid > row!.price) problems.push('paid > price');
  if (charged - providerRefunded !== row!.paid - cancelled.reduce((s, r) => s + r.amount, 0)) {
    problems.push('kept ≠ paid less cancellation refunds');
  }
  if (providerRefunded !== row!.refunded) problems.push('provider refunded ≠ Gallop');
  if (row!.status === 3 && row!.paid < prepaidAt(row!)) problems.push('prepaid without prepayment');
  for (const c of charges) {
    if (c.refundSum > c.amount) problems.push(`#${c.id} over-refunded`);
    if (c.cancellationRows > 1) problems.push(`#${c.id} refunded twice by the cancel`);
  }
  return { row: row!, charged, problems };
}

describe('a paid booking growing, paying and ending at once', () => {
  it(`riders added, two tabs paying, callbacks, a cancel and the job, ${rounds * 2} rounds`, async () => {
    const defects: string[] = [];
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < rounds * 2; round += 1) {
      const ender = ENDERS[round % ENDERS.length]!;
      const { date, traveller, id, url } = await openPayment('prepayment');
      expect((await submitCard(app(), url, TEST_CARDS.success)).statusCode).toBe(303);
      const [made] = await db().select().from(bookingRequests).where(eq(bookingRequests.id, id));
      const member = ender === 'organizer' ? await organizerMemberOf(app(), db(), date) : undefined;
      const agent = ender === 'support' ? await supportAgent() : undefined;
      const pay = (type: string) =>
        api('POST', '/crm/api/payment/start', traveller.token, {
          request_id: id,
          payment_type: type,
          payment_method: 'card',
        });
      // Two tabs: the balance, and (after a rider is added) the added rider's share.
      const balance = await pay('payment');
      expect(balance.status).toBe(200);
      const added = await api(
        'POST',
        `/crm/api/request/add-tourists?uuid=${made!.uuid}`,
        traveller.token,
        { tourists: [{ first_name: 'Late', last_name: 'Added' }] },
      );
      expect(added.status).toBe(200);
      const share = await pay('prepayment');
      expect(share.status).toBe(200);
      const [balanceRow] = await db()
        .select()
        .from(payments)
        .where(eq(payments.id, balance.body.payment.id as number));
      // The balance page was charged before the rider change voided it.
      await chargeAtProvider(db(), balanceRow!.providerPaymentId);
      if (ender === 'job') {
        await db()
          .update(bookingRequests)
          .set({ holdUntil: new Date(Date.now() - 60_000) })
          .where(eq(bookingRequests.id, id));
      }
      const end = () =>
        endBooking(ender, id, { traveller, member, agent }, () =>
          runBookingJob(db(), {
            now: new Date(Date.now() + 31 * 60_000),
            holdHours: 72,
            publicUrl: PUBLIC_URL,
            payments: bookingPayments(db()),
          }).then(
            () => ({ status: 200 }),
            () => ({ status: 500 }),
          ),
        );
      const answers = await Promise.all([
        labelled('page', submitCard(app(), share.body.redirect_url as string, TEST_CARDS.success)),
        labelled(
          'page',
          submitCard(app(), balance.body.redirect_url as string, TEST_CARDS.success),
        ),
        labelled(
          'callback',
          api('POST', '/crm/api/payment/callback/4', undefined, successNotice(balanceRow!)),
        ),
        labelled('start', pay('payment')),
        labelled('end', end()),
        labelled('end', end()),
      ]);
      const unexpected = unexpectedAnswers(answers);
      if (unexpected.length > 0) defects.push(`${ender}#${round}: ${unexpected.join(', ')}`);
      const settle = bookingPayments(db());
      await settle.reconcile(PUBLIC_URL, new Date(Date.now() + 3_600_000));
      await settle.sendRefunds();
      const { row, problems } = await booksOf(id, date.startDate);
      const seats = await placesOf(db(), date.id);
      if (seats.free + seats.sold !== seats.capacity) problems.push('seats do not add up');
      if (problems.length > 0) {
        defects.push(
          `${ender}#${round} status ${row.status} price ${row.price} paid ${row.paid} refunded ${row.refunded}: ${problems.join(', ')}`,
        );
      }
      const key = `${ender}:${row.status}`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    }
    console.info('growing paid booking vs end', JSON.stringify(outcomes));
    expect(defects).toEqual([]);
  }, 600_000);
});
