/**
 * A booking keeps the prepayment terms it was made under: when its riders change, its prepayment
 * is the booked terms applied to the new price, whatever its date asks of later bookings since
 * (its organizer raised the prepayment from 10% to 50%, made it fixed, or dropped it). A new
 * booking on the date is priced by the date's terms of the day. On PostgreSQL the organizer's
 * change and two rider additions really overlap, several rounds.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingRequests, tourDates } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { scratchAppForFile } from '#src/testing/scratch-database.ts';
import { quote, type DatePricing } from '@gallop/booking-rules';
import { book, dateWithSeats, signUp, type TourDateRow } from './testing-scratch.ts';

const { app, db } = scratchAppForFile('agreed_prepayment', {
  PUBLIC_WRITE_LIMIT: '1000000',
  PUBLIC_URL: 'http://web.test',
});
const used = new Set<number>();
const rounds = testDatabaseKind() === 'postgres' ? 8 : 1;
const today = () => new Date().toISOString().slice(0, 10);

const rowOf = async (id: number) =>
  (await db().select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;

/** The organizer changes the date's prepayment terms (dates are edited outside this API). */
const setTerms = (dateId: number, terms: Pick<DatePricing, 'prepaymentType' | 'prepaymentSize'>) =>
  db().update(tourDates).set(terms).where(eq(tourDates.id, dateId));

/** A guaranteed date of 20 seats asking `terms` first, with no full-payment days. */
async function dateAsking(terms: Pick<DatePricing, 'prepaymentType' | 'prepaymentSize'>) {
  const date = await dateWithSeats(db(), 20, used);
  await db()
    .update(tourDates)
    .set({ ...terms, fullPaymentDays: null })
    .where(eq(tourDates.id, date.id));
  return { ...date, ...terms, fullPaymentDays: null } as TourDateRow;
}

/** A proven traveller's confirmed booking of `riders` on `date`, in `currency` when given. */
async function booked(date: TourDateRow, riders: number, currency?: string) {
  const traveller = await signUp(app());
  const made = await book(app(), date, { ...traveller, riders, currency });
  expect(made.status).toBe(201);
  expect(made.body.status).toBe(2);
  return { ...traveller, id: made.body.id as number, body: made.body };
}

async function call(method: 'POST', url: string, token: string, payload: object) {
  const response = await app().inject({
    method,
    url,
    headers: { 'x-authorization': `Bearer ${token}` },
    payload,
  });
  return { status: response.statusCode, body: response.json() as Json };
}

const addRiders = (token: string, uuid: string, names: string[]) =>
  call('POST', `/crm/api/request/add-tourists?uuid=${uuid}`, token, {
    tourists: names.map((first_name) => ({ first_name, last_name: 'Added' })),
  });

/** What `terms` ask first of a booking at `price` per rider for `riders`. */
const prepaymentOf = (
  terms: Pick<DatePricing, 'prepaymentType' | 'prepaymentSize'>,
  price: number,
  riders: number,
) =>
  quote({ ...terms, price, fullPaymentDays: null, startDate: '2099-01-01' }, riders, today())
    .prepayment;

const TEN_PERCENT = { prepaymentType: 'percent', prepaymentSize: 10 } as const;
const HALF = { prepaymentType: 'percent', prepaymentSize: 50 } as const;

describe('a booking whose date changed its prepayment terms after it was made', () => {
  it('10% raised to 50%: riders added and removed still owe 10% of the new price', async () => {
    const date = await dateAsking(TEN_PERCENT);
    const booking = await booked(date, 1);
    const made = await rowOf(booking.id);
    expect(made.prepayment).toBe(prepaymentOf(TEN_PERCENT, made.price, 1));
    await setTerms(date.id, HALF);

    const added = await addRiders(booking.token, booking.body.uuid as string, ['Ava', 'Lee']);
    expect(added.status).toBe(200);
    const grown = await rowOf(booking.id);
    expect(grown.price).toBe(made.price * 3);
    // The terms agreed at booking: 10% of the new price, not the date's 50%.
    expect(grown.prepayment).toBe(prepaymentOf(TEN_PERCENT, made.price, 3));
    expect(grown.prepayment).not.toBe(prepaymentOf(HALF, made.price, 3));

    const [first] = booking.body.tourists as Json[];
    const removed = await call(
      'POST',
      `/crm/api/request/update-tourists?request_id=${booking.id}`,
      booking.token,
      {
        tourists: [
          { id: first!.id, first_name: 'Maya', last_name: 'Hart' },
          { first_name: 'Ava', last_name: 'Added' },
        ],
      },
    );
    expect(removed.status).toBe(200);
    const shrunk = await rowOf(booking.id);
    expect(shrunk.price).toBe(made.price * 2);
    expect(shrunk.prepayment).toBe(prepaymentOf(TEN_PERCENT, made.price, 2));

    // A booking made now is priced by the date's terms of the day.
    const later = await booked(date, 1);
    const laterRow = await rowOf(later.id);
    expect(laterRow.prepayment).toBe(prepaymentOf(HALF, laterRow.price, 1));
  });

  it('a fixed prepayment per traveller, in the currency booked in, stays as converted then', async () => {
    const template = await dateAsking(TEN_PERCENT);
    // A tenth of a rider's price, whole units of the date's currency, per traveller.
    const size = Math.max(100, Math.floor(template.price / 10 / 100) * 100);
    const fixed = { prepaymentType: 'fixed', prepaymentSize: size } as const;
    await setTerms(template.id, fixed);
    const date = { ...template, ...fixed };
    const currency = date.currency === 'EUR' ? 'USD' : 'EUR';
    const booking = await booked(date, 1, currency);
    const made = await rowOf(booking.id);
    expect(made.currency).toBe(currency);
    const perTraveller = made.prepayment!;
    expect(perTraveller).toBeGreaterThan(0);
    expect(perTraveller).toBeLessThan(made.price);

    await setTerms(date.id, { prepaymentType: 'fixed', prepaymentSize: size * 4 });
    const added = await addRiders(booking.token, booking.body.uuid as string, ['Ava']);
    expect(added.status).toBe(200);
    const grown = await rowOf(booking.id);
    expect(grown.prepayment).toBe(perTraveller * 2);
  });

  it('a prepayment dropped from the date is still asked of the booking made with one', async () => {
    const date = await dateAsking(TEN_PERCENT);
    const booking = await booked(date, 1);
    const made = await rowOf(booking.id);
    await setTerms(date.id, { prepaymentType: 'none', prepaymentSize: null });
    const added = await addRiders(booking.token, booking.body.uuid as string, ['Ava']);
    expect(added.status).toBe(200);
    expect((await rowOf(booking.id)).prepayment).toBe(prepaymentOf(TEN_PERCENT, made.price, 2));
  });

  it(`the organizer's change racing two rider additions, ${rounds} rounds: the booked terms`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const date = await dateAsking(TEN_PERCENT);
      const booking = await booked(date, 1);
      const made = await rowOf(booking.id);
      const uuid = booking.body.uuid as string;
      const answers = await Promise.all([
        addRiders(booking.token, uuid, ['Ava']),
        setTerms(date.id, HALF).then(() => ({ status: 200 })),
        addRiders(booking.token, uuid, ['Lee']),
      ]);
      for (const answer of answers) expect(answer.status).toBe(200);
      const after = await rowOf(booking.id);
      expect(after.seats).toBe(3);
      expect(after.price).toBe(made.price * 3);
      expect(after.prepayment).toBe(prepaymentOf(TEN_PERCENT, made.price, 3));
    }
  });
});
