/**
 * A date's price that changes while it is being booked and paid (decisions: "Money", 089, 186):
 * a dated offer ends (`endPassedDiscounts` writes the price without the discount) as travellers
 * book, pay and add riders. Every booking keeps the price per rider it was made at, whichever
 * side of the change it fell on: its prepayment is its own terms' share of its own price, the
 * payment it starts charges exactly what it shows, and riders added to a booking made before the
 * change cost that booking's price, not the date's new one. On PostgreSQL the requests really
 * overlap; on PGlite the same assertions hold one after another.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quote } from '@gallop/booking-rules';
import { bookingRequests, payments, tourDates } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { scratchAppForFile } from '#src/testing/scratch-database.ts';
import { TEST_CARDS } from '#src/modules/payments/index.ts';
import { submitCard } from '#src/modules/payments/testing.ts';
import { book, dateWithSeats, signUp, tallyStatuses } from './testing-scratch.ts';

const { app, db } = scratchAppForFile('date_price_changes', {
  PUBLIC_WRITE_LIMIT: '1000000',
  PUBLIC_URL: 'http://web.test',
  PAYMENT_SANDBOX_SECRET: 'date-price-changes-secret',
});
const used = new Set<number>();
const rounds = testDatabaseKind() === 'postgres' ? 6 : 1;
const BOOKINGS = testDatabaseKind() === 'postgres' ? 12 : 3;
const TEN_PERCENT = { prepaymentType: 'percent', prepaymentSize: 10 } as const;

const rowOf = async (id: number) =>
  (await db().select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;

async function call(url: string, token: string, payload: object) {
  const response = await app().inject({
    method: 'POST',
    url,
    headers: { 'x-authorization': `Bearer ${token}` },
    payload,
  });
  return { status: response.statusCode, body: response.json() as Json };
}

const start = (token: string, id: number, type: string) =>
  call('/crm/api/payment/start', token, {
    request_id: id,
    payment_type: type,
    payment_method: 'card',
  });

/** A traveller's one-rider booking on `dateId`, and the full payment it then starts. */
async function bookAndStart(
  date: { id: number; tourId: number },
  traveller: Awaited<ReturnType<typeof signUp>>,
) {
  const made = await book(app(), date, { ...traveller, riders: 1 });
  if (made.status !== 201) return { status: made.status };
  const id = made.body.id as number;
  const started = await start(traveller.token, id, 'full');
  return { status: made.status, id, started };
}

/** The prepayment the booking's own terms (10 %) ask of its own price. */
const ownPrepayment = (perRider: number, riders: number) =>
  quote(
    { ...TEN_PERCENT, price: perRider, fullPaymentDays: null, startDate: '2099-01-01' },
    riders,
    new Date().toISOString().slice(0, 10),
  ).prepayment;

describe("a date's price changing while it is booked and paid", () => {
  it(`a dated offer ends as ${BOOKINGS} travellers book and one adds riders, ${rounds} rounds`, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const template = await dateWithSeats(db(), 40, used);
      // The date sells at half its price until the offer ends.
      const full = template.price;
      const [date] = await db()
        .update(tourDates)
        .set({
          ...TEN_PERCENT,
          fullPaymentDays: null,
          priceWithoutDiscount: full,
          price: Math.round(full / 2 / 100) * 100,
        })
        .where(eq(tourDates.id, template.id))
        .returning();
      // A booking made at the offer, its prepayment paid.
      const early = await signUp(app());
      const made = await book(app(), date!, { ...early, riders: 1 });
      expect(made.status).toBe(201);
      const earlyId = made.body.id as number;
      const prepay = await start(early.token, earlyId, 'prepayment');
      await submitCard(app(), prepay.body.redirect_url as string, TEST_CARDS.success);
      const before = await rowOf(earlyId);
      expect(before.status).toBe(3);

      const travellers = await Promise.all(Array.from({ length: BOOKINGS }, () => signUp(app())));
      const [, added, ...answers] = await Promise.all([
        // The offer ends, a moment later on some rounds: the date sells at its full price.
        new Promise((resolve) => setTimeout(resolve, (round % 3) * 20)).then(() =>
          db().update(tourDates).set({ price: full }).where(eq(tourDates.id, date!.id)),
        ),
        call(`/crm/api/request/add-tourists?uuid=${before.uuid}`, early.token, {
          tourists: [{ first_name: 'Late', last_name: 'Added' }],
        }),
        ...travellers.map((traveller) => bookAndStart(date!, traveller)),
      ]);
      expect(added.status).toBe(200);
      expect(tallyStatuses(answers)).toEqual({ 201: BOOKINGS });

      // The early booking: its added rider at its own price, its terms' share due.
      const grown = await rowOf(earlyId);
      expect(grown.price).toBe(before.price * 2);
      expect(grown.prepayment).toBe(ownPrepayment(before.price, 2));
      const share = await start(early.token, earlyId, 'prepayment');
      expect(share.status).toBe(200);
      expect(share.body.payment.amount).toBe((grown.prepayment! - grown.paid) / 100);
      await submitCard(app(), share.body.redirect_url as string, TEST_CARDS.success);
      const paidUp = await rowOf(earlyId);
      expect(paidUp).toMatchObject({ status: 3, paid: grown.prepayment });

      // Each new booking: one price per rider, the offer's or the full one, and its own terms;
      // the payment it started charges exactly its price.
      const perRider = new Set<number>();
      for (const answer of answers) {
        const row = await rowOf(answer.id!);
        perRider.add(row.price);
        expect(row.prepayment).toBe(ownPrepayment(row.price, 1));
        expect(answer.started!.status).toBe(200);
        const [payment] = await db()
          .select()
          .from(payments)
          .where(eq(payments.id, answer.started!.body.payment.id as number));
        expect(payment!.amount).toBe(row.price);
      }
      const converted = [...perRider].sort((a, b) => a - b);
      expect(converted.length).toBeLessThanOrEqual(2);
      if (converted.length === 2) expect(converted[1]).toBe(converted[0]! * 2);
      outcomes.push(`offer ${before.price}, full ${full}: new bookings at ${converted.join('/')}`);
    }
    console.info('date price change vs bookings', outcomes);
  }, 300_000);
});
