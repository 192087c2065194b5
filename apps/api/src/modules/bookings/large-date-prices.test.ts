/**
 * Tour-date prices beyond 32 bits (decision 143, migration 0037): a Mongolian organizer's
 * ₮25,000,000 a rider is 2,500,000,000 minor units, past a 32-bit column, and so is ₩25,000,000.
 * Such a date is stored, shown on the tour page, the booking form, the search card and an
 * individual offer, and booked for two riders, several travellers at once, on a scratch database.
 * On PostgreSQL (CI) the bookings really overlap; on PGlite the same assertions hold in turn.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshCatalogAggregates } from '#src/db/aggregates.ts';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  currencyRates,
  individualTours,
  tourDates,
  tours,
} from '#src/db/schema/index.ts';
import { contractCaller, type Json } from '#src/testing/call.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { todayIso } from '#src/shared/dates.ts';
import { toDisplayPrice } from '#src/shared/money/rates.ts';
import { TEST_CARDS } from '#src/modules/payments/index.ts';
import { submitCard } from '#src/modules/payments/testing.ts';
import { book, dateWithSeats, seatsOf, signUp, type TourDateRow } from './testing-scratch.ts';

const INT32_MAX = 2_147_483_647;
const SEATS = 20;

let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();

beforeAll(async () => {
  scratch = await buildScratchApp('large_date_prices', {
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL: 'http://web.test',
    PAYMENT_SANDBOX_SECRET: 'payment-secret-for-large-date-prices',
  });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;
const call = contractCaller(app);

/** A date's terms in major units of its currency: the rider's and non-rider's price, the fixed prepayment. */
interface Terms {
  currency: string;
  perRider: number;
  nonRider: number;
  prepayment: number;
}

async function ratesOf() {
  return new Map((await db.select().from(currencyRates)).map((rate) => [rate.code, rate.perUsd]));
}

/**
 * A date of `SEATS` free seats and non-rider beds, priced at `terms` with a fixed prepayment, and
 * every other date of its tour at the same price (so its card and page show this price, whichever
 * date they pick; their prepayment stays, so they are still templates for `dateWithSeats`). The
 * dollar figures follow the price at the seeded rate, as the catalogue writes them.
 */
async function dearTour(terms: Terms): Promise<TourDateRow> {
  const date = await dateWithSeats(db, SEATS, used, { nonRiderPlaces: 4, nonRiderPrice: 0 });
  const perUsd = (await ratesOf()).get(terms.currency)!;
  const price = terms.perRider * 100;
  const priceUsd = Math.round(price / perUsd);
  await db
    .update(tourDates)
    .set({
      currency: terms.currency,
      price,
      priceWithoutDiscount: price,
      priceUsd,
      pricePerDayUsd: Math.round(priceUsd / Math.max(1, date.duration)),
      discountKind: null,
      discountPercent: null,
      discountValidUntil: null,
      isDiscountAuto: false,
      nonRiderPrice: terms.nonRider * 100,
    })
    .where(eq(tourDates.tourId, date.tourId));
  await db
    .update(tourDates)
    .set({ prepaymentType: 'fixed', prepaymentSize: terms.prepayment * 100 })
    .where(eq(tourDates.id, date.id));
  await db
    .update(tours)
    .set({ currency: terms.currency, nonRidersWelcome: true })
    .where(eq(tours.id, date.tourId));
  await refreshCatalogAggregates(db, todayIso());
  const [stored] = await db.select().from(tourDates).where(eq(tourDates.id, date.id));
  return stored!;
}

/** What every view of a date must show in the date's own currency. */
function expectShownDate(shown: Json | undefined, terms: Terms) {
  expect(shown).toMatchObject({
    currency: terms.currency,
    price: terms.perRider,
    original_price: terms.perRider,
    price_without_discount: terms.perRider,
    prepayment_type: 'fixed',
    prepayment_size: terms.prepayment,
    non_rider_price: terms.nonRider,
  });
}

const TERMS: Terms[] = [
  // ₮25,000,000 a rider: the Mongolian organizer's date of the issue.
  { currency: 'MNT', perRider: 25_000_000, nonRider: 22_000_000, prepayment: 22_000_000 },
  // The same figure in won.
  { currency: 'KRW', perRider: 25_000_000, nonRider: 22_000_000, prepayment: 22_000_000 },
];

describe.each(TERMS)('a date priced at 25,000,000 $currency a rider', (terms) => {
  let date: TourDateRow;
  let slug: string;
  /** A search that lists the tour: its organizer's tours of its kind (a cruise, an excursion). */
  let search: string;

  beforeAll(async () => {
    date = await dearTour(terms);
    const [tour] = await db.select().from(tours).where(eq(tours.id, date.tourId));
    slug = tour!.slug;
    search = `/spa/tours?organizer=${tour!.organizerId}&type=${tour!.type}&isCruisesSearch=${tour!.isCruise ? 1 : 0}&sort=-price`;
  }, 60_000);

  it('is stored exactly, beyond 32 bits, and read back as JS numbers', async () => {
    expect(terms.perRider * 100).toBeGreaterThan(INT32_MAX);
    expect(date).toMatchObject({
      price: terms.perRider * 100,
      priceWithoutDiscount: terms.perRider * 100,
      prepaymentSize: terms.prepayment * 100,
      nonRiderPrice: terms.nonRider * 100,
    });
    for (const amount of [date.price, date.prepaymentSize, date.nonRiderPrice]) {
      expect(typeof amount).toBe('number');
    }
    // What the database holds, not what a driver made of it.
    const [row] = (
      await db.execute<{ price: string; nonRiderPrice: string; prepayment: string }>(
        sql`select price::text as price, non_rider_price::text as "nonRiderPrice",
          prepayment_size::text as prepayment from tour_dates where id = ${date.id}`,
      )
    ).rows;
    expect(row).toEqual({
      price: String(terms.perRider * 100),
      nonRiderPrice: String(terms.nonRider * 100),
      prepayment: String(terms.prepayment * 100),
    });
  });

  it('is shown on the tour page, the booking form and in dollars', async () => {
    const page = await call('getTour', 'GET', `/spa/tour?slug=${encodeURIComponent(slug)}`, {
      currency: terms.currency,
    });
    expect(page.status).toBe(200);
    expect(page.body.price).toBe(terms.perRider);
    expectShownDate(
      (page.body.dates as Json[]).find((shown) => shown.id === date.id),
      terms,
    );

    const form = await call('getTourForRequest', 'GET', `/spa/tour-for-request?id=${date.tourId}`, {
      currency: terms.currency,
    });
    expect(form.status).toBe(200);
    expectShownDate(
      (form.body.dates as Json[]).find((shown) => shown.id === date.id),
      terms,
    );

    const rates = await ratesOf();
    const inDollars = await call('getTour', 'GET', `/spa/tour?slug=${encodeURIComponent(slug)}`, {
      currency: 'USD',
    });
    const dollars = (inDollars.body.dates as Json[]).find((shown) => shown.id === date.id);
    expect(dollars).toMatchObject({
      currency: 'USD',
      price: toDisplayPrice(date.price, terms.currency, 'USD', rates),
      original_price: toDisplayPrice(date.price, terms.currency, 'USD', rates),
    });
  });

  it('is shown on its search card, from the index and by id', async () => {
    const card = async () => {
      const { status, body } = await call('listTours', 'GET', search, {
        currency: terms.currency,
      });
      expect(status).toBe(200);
      return (body.items as Json[]).find((item) => item.id === date.tourId);
    };
    // The index follows the catalogue's change log about once a second.
    await expect
      .poll(async () => (await card())?.price, { timeout: 10_000, interval: 200 })
      .toBe(terms.perRider);
    expect((await card())!.nearest_date).toMatchObject({
      currency: terms.currency,
      price: terms.perRider,
    });

    const byId = await call('getToursByIds', 'GET', `/crm/api/tour/get-by-ids?ids=${date.tourId}`, {
      currency: terms.currency,
    });
    expect(byId.status).toBe(200);
    expect(byId.body.items).toHaveLength(1);
    expect(byId.body.items[0]).toMatchObject({ price: terms.perRider });
  });

  it('is shown as an individual offer at that price', async () => {
    const uuid = randomUUID();
    await db.insert(individualTours).values({
      uuid,
      tourId: date.tourId,
      clientName: 'Bat-Erdene',
      startDate: date.startDate,
      price: terms.perRider * 100,
      currency: terms.currency,
    });
    const offer = await call('getIndividualTour', 'GET', `/spa/individual-tour?uuid=${uuid}`, {
      currency: terms.currency,
    });
    expect(offer.status).toBe(200);
    expect(offer.body.price).toBe(terms.perRider);
    expect(offer.body.dates).toEqual([
      expect.objectContaining({ price: terms.perRider, original_price: terms.perRider }),
    ]);
  });

  it('is booked for two riders by three travellers at once, and the prepayment paid', async () => {
    const travellers = await Promise.all([1, 2, 3].map(() => signUp(app())));
    const answers = await Promise.all(
      travellers.map((traveller) =>
        book(app(), date, { ...traveller, riders: 2, currency: terms.currency }),
      ),
    );
    for (const { status, body } of answers) {
      expect(status, JSON.stringify(body)).toBe(201);
      expect(body).toMatchObject({
        currency: terms.currency,
        price: 2 * terms.perRider,
        prepayment: 2 * terms.prepayment,
        can_pay: true,
      });
      expectShownDate(body.tour_date as Json, terms);
      const [stored] = await db
        .select()
        .from(bookingRequests)
        .where(eq(bookingRequests.id, body.id as number));
      expect(stored).toMatchObject({
        price: 2 * terms.perRider * 100,
        prepayment: 2 * terms.prepayment * 100,
        sourcePrice: terms.perRider * 100,
        sourceCurrency: terms.currency,
        seats: 2,
        paid: 0,
      });
    }
    expect(await seatsOf(db, date.id)).toMatchObject({ free: SEATS - 6, sold: 6 });

    // The first traveller pays the prepayment: what was shown is what is charged and credited.
    const [first] = answers;
    const started = await call('startPayment', 'POST', '/crm/api/payment/start', {
      token: travellers[0]!.token,
      payload: { request_id: first!.body.id, payment_type: 'prepayment', payment_method: 'card' },
    });
    expect(started.status).toBe(200);
    expect(started.body.payment).toMatchObject({
      currency: terms.currency,
      amount: 2 * terms.prepayment,
    });
    const charged = await submitCard(
      app(),
      started.body.redirect_url as string,
      TEST_CARDS.success,
    );
    expect(charged.statusCode).toBe(303);
    const paid = await call(
      'getBookingRequest',
      'GET',
      `/crm/api/request/get?id=${first!.body.id}`,
      {
        token: travellers[0]!.token,
      },
    );
    expect(paid.body).toMatchObject({ status: 3, paid: 2 * terms.prepayment });
  }, 60_000);

  it('is booked in dollars from its 64-bit price, and with a non-rider at the non-rider price', async () => {
    const rates = await ratesOf();
    const inDollars = await book(app(), date, {
      ...(await signUp(app())),
      riders: 2,
      currency: 'USD',
    });
    expect(inDollars.status, JSON.stringify(inDollars.body)).toBe(201);
    expect(inDollars.body).toMatchObject({
      currency: 'USD',
      price: 2 * toDisplayPrice(date.price, terms.currency, 'USD', rates),
    });

    const withCompanion = await book(app(), date, {
      ...(await signUp(app())),
      riders: 2,
      nonRiders: 1,
      currency: terms.currency,
    });
    expect(withCompanion.status, JSON.stringify(withCompanion.body)).toBe(201);
    expect(withCompanion.body).toMatchObject({
      price: 2 * terms.perRider + terms.nonRider,
      non_riders: 1,
      non_rider_price: terms.nonRider,
      prepayment: 3 * terms.prepayment,
    });
    expect(await seatsOf(db, date.id)).toMatchObject({ free: SEATS - 10, sold: 10 });
  }, 60_000);
});
