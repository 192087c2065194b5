/**
 * Individual offers are booked (decision 181): the offer's first booking makes its own date
 * (the offer's start, price and currency, guaranteed, paid in full before the start), every
 * later booking takes that date, and the catalogue never shows it. On PostgreSQL (CI) the first
 * bookings really overlap and still make one date.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, individualTours, tourDates, tours } from '#src/db/schema/index.ts';
import { contractCaller, type Json } from '#src/testing/call.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { todayIso } from '#src/shared/dates.ts';
import { book, dateWithSeats, signUp, type TourDateRow } from './testing-scratch.ts';

let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();

beforeAll(async () => {
  scratch = await buildScratchApp('offer_bookings', { PUBLIC_WRITE_LIMIT: '1000000' });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;
const call = contractCaller(app);

function daysFromToday(days: number): string {
  const date = new Date(`${todayIso(new Date())}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A new offer of the tour of a catalogue date: US$`price` a rider, starting in `days` days. */
async function offerOf(date: TourDateRow, { price = 1_234, days = 90 } = {}): Promise<string> {
  const uuid = randomUUID();
  await db.insert(individualTours).values({
    uuid,
    tourId: date.tourId,
    clientName: 'Maya Hart',
    startDate: daysFromToday(days),
    price: price * 100,
    currency: 'USD',
  });
  return uuid;
}

/** A booking of offer `uuid` of `date`'s tour (`book` with the offer instead of a date). */
function bookOffer(
  date: TourDateRow,
  uuid: string,
  options: { email: string; token?: string; riders?: number },
  extra: object = {},
) {
  const riders = options.riders ?? 1;
  return book(app(), date, options, {
    tour_id: date.tourId,
    individual_tour_uuid: uuid,
    tourists: Array.from({ length: riders }, (_, i) => ({
      first_name: i === 0 ? 'Maya' : `Rider${i}`,
      last_name: 'Hart',
    })),
    contact: { name: 'Maya Hart', email: options.email, phone: '+14155550199' },
    ...extra,
  });
}

async function offerDates(uuid: string) {
  return db.select().from(tourDates).where(eq(tourDates.individualTourUuid, uuid));
}

describe('booking an individual offer', () => {
  let date: TourDateRow;
  beforeAll(async () => {
    date = await dateWithSeats(db, 12, used);
  });

  it('names the offer on its page', async () => {
    const uuid = await offerOf(date);
    const page = await call('getIndividualTour', 'GET', `/spa/individual-tour?uuid=${uuid}`);
    expect(page.status).toBe(200);
    expect(page.body.dates).toEqual([
      expect.objectContaining({ id: 0, individual_tour_uuid: uuid, price: 1_234 }),
    ]);
  });

  it('books the offer on its own date, at its price, confirmed and paid in full', async () => {
    const uuid = await offerOf(date, { price: 1_234, days: 95 });
    const traveller = await signUp(app());
    const first = await bookOffer(date, uuid, { ...traveller, riders: 2 });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      status: 2,
      currency: 'USD',
      price: 2_468,
      prepayment: null,
      can_pay: true,
    });
    expect(first.body.tour_date).toMatchObject({ start: daysFromToday(95), price: 1_234 });

    const [made] = await offerDates(uuid);
    expect(made).toMatchObject({
      tourId: date.tourId,
      startDate: daysFromToday(95),
      price: 123_400,
      notGuaranteed: false,
      prepaymentType: 'none',
    });
    expect(made!.numberOfFreeSeats).toBe(made!.numberOfSeats - 2);

    // A second booking of the offer takes the same date.
    const friend = await signUp(app());
    const second = await bookOffer(date, uuid, friend);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const rows = await db
      .select({ dateId: bookingRequests.tourDateId })
      .from(bookingRequests)
      .where(eq(bookingRequests.id, second.body.id as number));
    expect(rows).toEqual([{ dateId: made!.id }]);
    expect(await offerDates(uuid)).toHaveLength(1);
  });

  it('never shows the offer date in the catalogue', async () => {
    // Far cheaper than any catalogue date of the tour: shown anywhere, it would be the price.
    const uuid = await offerOf(date, { price: 1, days: 20 });
    const traveller = await signUp(app());
    expect((await bookOffer(date, uuid, traveller)).status).toBe(201);
    const [made] = await offerDates(uuid);

    const [tour] = await db.select().from(tours).where(eq(tours.id, date.tourId));
    const page = await call('getTour', 'GET', `/spa/tour?slug=${encodeURIComponent(tour!.slug)}`);
    expect(page.status).toBe(200);
    const pageDates = page.body.dates as Json[];
    expect(pageDates.length).toBeGreaterThan(0);
    expect(pageDates.map((shown) => shown.id)).not.toContain(made!.id);
    expect(page.body.price).toBeGreaterThan(1);

    const cards = await call('getToursByIds', 'GET', `/crm/api/tour/get-by-ids?ids=${tour!.id}`);
    expect(cards.status).toBe(200);
    const [card] = cards.body.items as Json[];
    expect(card!.price).toBeGreaterThan(1);
    expect((card!.nearest_date as Json).id).not.toBe(made!.id);

    // A catalogue booking cannot name the offer's date either.
    const direct = await book(app(), made!, await signUp(app()));
    expect(direct.status).toBe(422);
    expect(direct.body.errors).toEqual({ tour_date_id: ['Unknown date of this tour'] });
  });

  it('refuses an offer of another tour, a passed offer and a date with an offer', async () => {
    const other = await dateWithSeats(db, 4, used);
    const traveller = await signUp(app());
    const elsewhere = await offerOf(date);
    if (other.tourId !== date.tourId) {
      const wrongTour = await bookOffer(other, elsewhere, traveller);
      expect(wrongTour.status).toBe(422);
      expect(wrongTour.body.errors).toEqual({
        individual_tour_uuid: ['This offer is not one of this tour'],
      });
    }
    const unknown = await bookOffer(date, randomUUID(), traveller);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({
      individual_tour_uuid: ['This offer is not one of this tour'],
    });

    const passed = await offerOf(date, { days: 0 });
    const late = await bookOffer(date, passed, traveller);
    expect(late.status).toBe(422);
    expect(late.body.errors).toEqual({
      individual_tour_uuid: ['This date can no longer be booked'],
    });
    expect(await offerDates(passed)).toHaveLength(0);

    const both = await bookOffer(date, elsewhere, traveller, { tour_date_id: date.id });
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual({
      individual_tour_uuid: ['Book either a date or an individual offer, not both'],
    });
    expect(await offerDates(elsewhere)).toHaveLength(0);
  });

  it('makes one date when first bookings come at once', async () => {
    const uuid = await offerOf(date, { days: 120 });
    const travellers = await Promise.all([1, 2, 3, 4].map(() => signUp(app())));
    const answers = await Promise.all(travellers.map((t) => bookOffer(date, uuid, t)));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const made = await offerDates(uuid);
    expect(made).toHaveLength(1);
    const onIt = await db
      .select({ seats: bookingRequests.seats })
      .from(bookingRequests)
      .where(and(eq(bookingRequests.tourDateId, made[0]!.id), isNotNull(bookingRequests.userId)));
    expect(onIt).toHaveLength(4);
    expect(made[0]!.numberOfFreeSeats).toBe(made[0]!.numberOfSeats - 4);
  });
});
