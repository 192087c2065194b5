/**
 * The money of a cancellation at its boundaries (decisions: "Money"; decision 091), against a
 * model written from the decision's words: tiers of "at least N days before the start → refund
 * P %" on the traveller's cancellation, everything paid on anyone else's, rounded down to a whole
 * unit. Days are calendar days in UTC (`shared/dates.ts`): a tour has no time zone of its own.
 * Seeded random cases (no new dependency), then the same on a scratch database where the
 * traveller, the organizer and support cancel one booking at once (really at once on PostgreSQL).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  payments,
  refunds,
  tourDates,
  tours,
  users,
} from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { sandboxProvider, sendRefunds, TEST_CARDS } from '#src/modules/payments/index.ts';
import { chargeAtProvider, providerBooksOf, submitCard } from '#src/modules/payments/testing.ts';
import { tiersOf, type Actor, type CancellationTier, type PolicyName } from '@gallop/booking-rules';
import { cancellationRefund } from './cancellation-refunds.ts';
import { organizerCancel } from './organizer-area.ts';
import type { RequestRow } from './records.ts';
import { book, bookingScratchAppForFile, dateWithSeats, signUp } from './testing-scratch.ts';
import { transitionBooking, travellerCancel, type TransitionRequest } from './transitions.ts';

/** mulberry32: a small seeded generator, so a failing case is replayed by its seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { next, int, pick };
}

const DAY = 86_400_000;

/** The presets in decision 091's words: flexible 14 → 100 %, 3 → 50 %; moderate 30, 14; strict 60, 30. */
const POLICY_TIERS: Record<PolicyName, readonly CancellationTier[]> = {
  flexible: [
    { days_before: 14, refund_percent: 100 },
    { days_before: 3, refund_percent: 50 },
  ],
  moderate: [
    { days_before: 30, refund_percent: 100 },
    { days_before: 14, refund_percent: 50 },
  ],
  strict: [
    { days_before: 60, refund_percent: 100 },
    { days_before: 30, refund_percent: 50 },
  ],
};
const POLICY_NAMES = Object.keys(POLICY_TIERS) as PolicyName[];
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * The model, from the decision's words only: the traveller gets P % of what was paid for the
 * tier of the largest N with "at least N days" before the start (none: nothing), whole units
 * rounded down (the organizer keeps the odd unit); anyone else gives everything paid back. A
 * tour on request (no start) gives everything back.
 */
function modelRefund(
  tiers: readonly CancellationTier[],
  actor: Actor,
  paid: number,
  start: string | undefined,
  now: Date,
): number {
  if (actor !== 'traveller') return paid;
  if (paid <= 0) return 0;
  if (start === undefined) return paid;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = (Date.parse(`${start}T00:00:00Z`) - today) / DAY;
  let tier: CancellationTier | undefined;
  for (const candidate of tiers) {
    if (days >= candidate.days_before && (!tier || candidate.days_before > tier.days_before)) {
      tier = candidate;
    }
  }
  const percent = tier?.refund_percent ?? 0;
  if (percent >= 100) return paid;
  // Exact in BigInt: hundredths × percent, down to whole units.
  return Number((BigInt(paid) * BigInt(percent)) / 10_000n) * 100;
}

/** A booking row as far as the refund reads it. */
const rowWith = (
  paid: number,
  policy: PolicyName | null,
  tiers: readonly CancellationTier[] | null,
): RequestRow =>
  ({ paid, cancellationPolicy: policy, cancellationTiers: tiers }) as unknown as RequestRow;

/** A provider's ISO 4217 minor units in Gallop's hundredths: whole yen and won, cents. */
const hundredthsOf = (minor: number, currency: string) =>
  currency === 'JPY' || currency === 'KRW' ? minor * 100 : minor;

/** Amounts in hundredths of whole units, as every booking is priced (any currency). */
const whole = (units: number) => units * 100;

describe('what a cancellation gives back, against the model', () => {
  it('reads each preset as decision 091 states it', () => {
    for (const name of POLICY_NAMES) expect(tiersOf(name)).toEqual(POLICY_TIERS[name]);
  });

  it('matches at every tier boundary, around midnight UTC, for any amount, 20 000 cases', () => {
    const seed = 20_261_207;
    const random = generator(seed);
    const actors: Actor[] = ['traveller', 'organizer', 'system', 'support'];
    for (let round = 0; round < 20_000; round += 1) {
      const frozen = random.next() < 0.3;
      const policy = random.pick(POLICY_NAMES);
      const tiers: readonly CancellationTier[] = frozen
        ? randomTiers(random)
        : POLICY_TIERS[policy];
      const start = dayOf(Date.UTC(2026, 0, 1) + random.int(0, 900) * DAY);
      const boundary = random.pick([0, ...tiers.map((t) => t.days_before)]);
      // Exactly at a tier's day, one either side, the day of the tour, after it, far before.
      const daysBefore = random.pick([boundary - 1, boundary, boundary + 1, 0, -1, -3, 400]);
      // The last and first instants of that UTC day, and the hour around its midnight.
      const instant = random.pick([0, 1, 30 * 60_000, DAY - 30 * 60_000, DAY - 1]);
      const now = new Date(Date.parse(`${start}T00:00:00Z`) - daysBefore * DAY + instant);
      const price = whole(random.pick([1, 3, 99, 1693, random.int(1, 5_000_000)]));
      // Nothing, the prepayment only, an odd part of the price, all of it.
      const paid = random.pick([0, whole(1), Math.floor(price / 300) * 100, price]);
      const actor = random.pick(actors);
      const onRequest = random.next() < 0.05;
      const row = rowWith(paid, frozen ? null : policy, frozen ? tiers : null);
      const got = cancellationRefund(row, actor, onRequest ? undefined : start, now);
      const want = modelRefund(tiers, actor, paid, onRequest ? undefined : start, now);
      const context = { seed, round, tiers, start, now: now.toISOString(), paid, actor };
      expect({ got, ...context }).toEqual({ got: want, ...context });
      expect(got).toBeGreaterThanOrEqual(0);
      expect(got).toBeLessThanOrEqual(paid);
      // Whole units, so the provider gets whole yen and won too (`toProviderAmount`).
      expect(got % 100 === 0 || got === paid).toBe(true);
      if (actor === 'traveller') {
        expect(got).toBeLessThanOrEqual(cancellationRefund(row, 'organizer', start, now));
      }
    }
  });

  it('counts the day in UTC: the last instant of a tier and the first after it', () => {
    const tiers = POLICY_TIERS.flexible;
    const row = rowWith(whole(1693), 'flexible', null);
    const start = '2027-03-15';
    const at = (iso: string) => cancellationRefund(row, 'traveller', start, new Date(iso));
    // 14 days before: everything; one millisecond later it is 13 days, half.
    expect(at('2027-03-01T23:59:59.999Z')).toBe(whole(1693));
    expect(at('2027-03-02T00:00:00.000Z')).toBe(whole(846));
    // 3 days before: half; then nothing, down to the day before the tour.
    expect(at('2027-03-12T23:59:59.999Z')).toBe(whole(846));
    expect(at('2027-03-13T00:00:00.000Z')).toBe(0);
    expect(at('2027-03-14T23:59:59.999Z')).toBe(0);
    expect(tiers.map((t) => t.days_before)).toEqual([14, 3]);
  });

  it('never gives back more as the start comes closer (every preset, each day of a year)', () => {
    for (const policy of POLICY_NAMES) {
      const row = rowWith(whole(1693), policy, null);
      let before = Infinity;
      for (let days = 365; days >= -2; days -= 1) {
        const now = new Date(Date.parse('2027-06-01T12:00:00Z') - days * DAY);
        const refund = cancellationRefund(row, 'traveller', '2027-06-01', now);
        expect(refund).toBeLessThanOrEqual(before);
        before = refund;
      }
      expect(before).toBe(0);
    }
  });
});

function randomTiers(random: ReturnType<typeof generator>): CancellationTier[] {
  const count = random.int(1, 4);
  const days = new Set<number>();
  while (days.size < count) days.add(random.int(0, 90));
  return [...days].map((d) => ({ days_before: d, refund_percent: random.int(0, 100) }));
}

// ---- On a database: cancels at once, money once ----

const scratch = bookingScratchAppForFile('cancellation_money', {
  PAYMENT_SANDBOX_SECRET: 'payment-secret-for-cancellation-money',
});
let db: Database;
const used = new Set<number>();
const publicUrl = 'http://web.test';

beforeAll(() => {
  db = scratch.db();
});

async function api(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  const response = await scratch.app().inject({
    method,
    url,
    headers: { 'x-authorization': `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Json };
}

/**
 * How a booking has paid: its prepayment only, all of it, or its prepayment and a balance page
 * charged just as a rider is removed (decision 175: credited as far as the new balance, the
 * surplus refunded already).
 */
type PaidBy = 'prepayment' | 'full' | 'rider-removed';

/** A booking starting `daysAhead` days from today, paid as `paidBy` says in `currency`. */
async function paidBooking(
  policy: PolicyName,
  currency: string,
  riders: number,
  paidBy: PaidBy,
  daysAhead = 90,
) {
  const template = await dateWithSeats(db, 10, used);
  const start = dayOf(Date.now() + daysAhead * DAY);
  const [date] = await db
    .update(tourDates)
    .set({ startDate: start, endDate: dayOf(Date.now() + (daysAhead + 6) * DAY) })
    .where(eq(tourDates.id, template.id))
    .returning();
  await db.update(tours).set({ cancellationPolicy: policy }).where(eq(tours.id, date!.tourId));
  const traveller = await signUp(scratch.app());
  const created = await book(scratch.app(), date!, { ...traveller, riders, currency });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const started = await api('POST', '/crm/api/payment/start', traveller.token, {
    request_id: id,
    payment_type: paidBy === 'full' ? 'full' : 'prepayment',
    payment_method: 'card',
  });
  expect(started.status).toBe(200);
  const paid = await submitCard(
    scratch.app(),
    started.body.redirect_url as string,
    TEST_CARDS.success,
  );
  expect(paid.statusCode).toBe(303);
  if (paidBy === 'rider-removed') {
    const balance = await api('POST', '/crm/api/payment/start', traveller.token, {
      request_id: id,
      payment_type: 'payment',
      payment_method: 'card',
    });
    expect(balance.status).toBe(200);
    const [open] = await db
      .select()
      .from(payments)
      .where(eq(payments.id, balance.body.payment.id as number));
    await chargeAtProvider(db, open!.providerPaymentId);
    const kept = (created.body.tourists as Json[]).slice(0, 2).map((rider) => ({
      id: rider.id,
      first_name: rider.first_name,
      last_name: rider.last_name,
    }));
    const removed = await api(
      'POST',
      `/crm/api/request/update-tourists?request_id=${id}`,
      traveller.token,
      { tourists: kept },
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
  }
  const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
  expect(row!.paid).toBeGreaterThan(0);
  return { id, start, row: row!, token: traveller.token, created: created.body };
}

const support = (now: Date): TransitionRequest => ({
  event: 'support-cancels',
  actor: 'support',
  now,
  changes: () => ({ cancelMessage: 'Support', canceledAt: now }),
  notify: { publicUrl },
});

describe('cancels at once on a database', () => {
  it('gives back one cancellation’s refund, by whoever won, 10 rounds', async () => {
    const random = generator(Number(process.env.MONEY_SEED ?? 7));
    const currencies = ['USD', 'EUR', 'JPY', 'KRW'];
    for (let round = 0; round < 10; round += 1) {
      const policy = random.pick(POLICY_NAMES);
      const tiers = POLICY_TIERS[policy];
      const currency = random.pick(currencies);
      const paidBy = random.pick<PaidBy>(['prepayment', 'full', 'rider-removed']);
      const riders = paidBy === 'rider-removed' ? 3 : random.int(1, 3);
      const { id, start, row } = await paidBooking(policy, currency, riders, paidBy);
      if (paidBy === 'rider-removed') expect(row.refunded).toBeGreaterThan(0);
      const boundary = random.pick(tiers.map((t) => t.days_before));
      const daysBefore = random.pick([boundary - 1, boundary, boundary + 1]);
      const instant = random.pick([0, DAY - 1]);
      const now = new Date(Date.parse(`${start}T00:00:00Z`) - daysBefore * DAY + instant);
      const attempts = [
        travellerCancel(null, now, { publicUrl }),
        organizerCancel('A horse fell lame', now, { publicUrl }),
        travellerCancel(null, now, { publicUrl }),
        support(now),
        travellerCancel(null, now, { publicUrl }),
      ];
      // In a seeded order, so each of them is first in some round.
      const order = attempts
        .map((request) => ({ request, key: random.next() }))
        .sort((a, b) => a.key - b.key);
      const answers = await Promise.allSettled(
        order.map(({ request }) => transitionBooking(db, id, request)),
      );
      const moved = answers.filter((a) => a.status === 'fulfilled' && a.value.kind === 'moved');
      expect(moved, `round ${round}`).toHaveLength(1);
      for (const answer of answers) {
        if (answer.status === 'rejected')
          expect((answer.reason as { statusCode: number }).statusCode).toBe(409);
      }
      const [after] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
      const winner: Actor =
        after!.status === 5 ? 'traveller' : after!.status === 6 ? 'organizer' : 'support';
      const want = modelRefund(tiers, winner, row.paid, start, now);
      const recorded = await db.select().from(refunds).where(eq(refunds.requestId, id));
      const ofCancel = recorded.filter((r) => r.reason === 'cancellation');
      const sum = ofCancel.reduce((total, r) => total + r.amount, 0);
      // One refund per charged payment, however many cancels were sent.
      expect(new Set(ofCancel.map((r) => r.paymentId)).size).toBe(ofCancel.length);
      expect({ round, winner, sum }).toEqual({ round, winner, sum: want });
      expect(after!.refunded - row.refunded).toBe(want);
      expect(sum).toBeLessThanOrEqual(row.paid);
      expect(recorded.reduce((total, r) => total + r.amount, 0)).toBe(want + row.refunded);
      const charged = await db.select().from(payments).where(eq(payments.requestId, id));
      for (const payment of charged) expect(payment.refunded).toBeLessThanOrEqual(payment.amount);
      // The provider takes each refund once, in its own whole minor units.
      const ids = recorded.map((r) => r.id);
      await Promise.all([
        sendRefunds(db, sandboxProvider(db), ids),
        sendRefunds(db, sandboxProvider(db), ids),
      ]);
      const books = await providerBooksOf(db, id);
      expect(hundredthsOf(books.refunded, currency)).toBe(want + row.refunded);
    }
  }, 300_000);
});

describe('on the day of the tour and after its start', () => {
  it('the traveller and the organizer are refused; support gives everything back', async () => {
    for (const [daysAfter, instant] of [
      [0, 0],
      [0, DAY - 1],
      [2, DAY / 2],
    ] as const) {
      const { id, start, row } = await paidBooking('flexible', 'USD', 2, 'full');
      const now = new Date(Date.parse(`${start}T00:00:00Z`) + daysAfter * DAY + instant);
      for (const request of [
        travellerCancel(null, now, { publicUrl }),
        organizerCancel('Too late', now, { publicUrl }),
      ]) {
        await expect(transitionBooking(db, id, request)).rejects.toMatchObject({
          statusCode: 409,
        });
      }
      const done = await transitionBooking(db, id, support(now));
      expect(done).toMatchObject({ kind: 'moved', refunded: row.paid });
    }
  }, 120_000);

  it('the last instant of the day before is still the traveller’s: nothing back by a preset', async () => {
    const { id, start } = await paidBooking('flexible', 'USD', 1, 'full');
    const now = new Date(Date.parse(`${start}T00:00:00Z`) - 1);
    const done = await transitionBooking(db, id, travellerCancel(null, now, { publicUrl }));
    expect(done).toMatchObject({ kind: 'moved', refunded: 0, refundIds: [] });
  }, 120_000);
});

describe('cancels at once through the API', () => {
  it('5 traveller and 5 support cancels at once: 200 or 409, one refund, 10 rounds', async () => {
    const agent = await signUp(scratch.app());
    await db.update(users).set({ role: 'support' }).where(eq(users.email, agent.email));
    for (let round = 0; round < 10; round += 1) {
      // 20 days ahead under the moderate policy: half back to the traveller, all from support.
      const { id, start, row, token } = await paidBooking('moderate', 'EUR', 2, 'full', 20);
      const calls = Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? api('POST', '/crm/api/request/cancel', token, { id })
          : api('POST', '/crm/api/support/booking/cancel', agent.token, { id, reason: 'Closed' }),
      );
      const answers = await Promise.all(calls);
      for (const answer of answers) {
        expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
      }
      const [after] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
      const winner: Actor = after!.status === 5 ? 'traveller' : 'support';
      const want = modelRefund(POLICY_TIERS.moderate, winner, row.paid, start, new Date());
      const recorded = await db.select().from(refunds).where(eq(refunds.requestId, id));
      expect(recorded.reduce((total, r) => total + r.amount, 0)).toBe(want);
      expect(after!.refunded).toBe(want);
    }
  }, 300_000);
});
