/**
 * A booking's rider keeps the usual tack and comfortable hours a day of their rider passport
 * (issue 46), beside the level: stored on booking and on a rider change, read like the level by
 * the traveller and the organizer (not private like the weight), never kept for a companion who
 * does not ride, and refused (400 with a message and the field, decision 011) outside the passport's enum and range. The
 * organizer's booking carries the tour's riding brief to match each rider against. Runs on PGlite
 * and, in CI, on PostgreSQL (the creation path).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingTourists, tours, users } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import {
  bearer,
  book,
  latestMessageAbout,
  bookingScratchAppForFile,
  dateWithSeats,
  organizerMemberOf,
  signUp,
  type TourDateRow,
} from './testing-scratch.ts';

const { app, db } = bookingScratchAppForFile('rider_tack_hours');
const used = new Set<number>();

/** The tour's riding requirements of every date made here. */
const RIDING = {
  riderLevel: 3,
  hoursLongestDay: 6,
  tack: 'western',
  otherTackOnRequest: false,
  maxRiderWeightKg: 95,
  heavyRiderWeightKg: 95,
  minRidingAge: 14,
  maxRidingAge: null,
  nonRidersWelcome: true,
} as const;

async function ridingDate(): Promise<TourDateRow> {
  const date = await dateWithSeats(db(), 10, used, { nonRiderPlaces: 4, nonRiderPrice: 20_000 });
  await db().update(tours).set(RIDING).where(eq(tours.id, date.tourId));
  return date;
}

const contact = (email: string) => ({ name: 'Maya Hart', email, phone: '+14155550199' });

function bookingBody(date: TourDateRow, email: string, tourists: object[]) {
  return { tour_id: date.tourId, tour_date_id: date.id, tourists, contact: contact(email) };
}

/** A new traveller books `riders` on a new date of the tour's riding requirements (201). */
async function bookRiders(riders: object[]) {
  const date = await ridingDate();
  const traveller = await signUp(app());
  const made = await book(app(), date, traveller, bookingBody(date, traveller.email, riders));
  expect(made.status).toBe(201);
  return { date, traveller, made };
}

const maya = {
  first_name: 'Maya',
  last_name: 'Hart',
  weight: 70,
  level: 'intermediate',
  tack: 'english',
  hours_per_day: 3.2,
};
const walker = {
  first_name: 'Walker',
  last_name: 'Hart',
  rides: false,
  tack: 'western',
  hours_per_day: 4,
};

const ridingOf = (tourists: Json[]) =>
  tourists.map(({ first_name, level, tack, hours_per_day, rides }) => ({
    first_name,
    level,
    tack,
    hours_per_day,
    rides,
  }));

async function organizerView(token: string, id: number) {
  const seen = await app().inject({
    url: `/crm/api/partner/booking?id=${id}`,
    headers: bearer(token),
  });
  expect(seen.statusCode).toBe(200);
  return seen.json() as Json;
}

describe("a rider's usual tack and hours a day", () => {
  it('are stored on booking, read back by the traveller and the organizer, never for a non-rider', async () => {
    const { date, traveller, made } = await bookRiders([maya, walker]);
    const expected = [
      // Hours kept to the nearest half hour, as a passport keeps them.
      { first_name: 'Maya', level: 'intermediate', tack: 'english', hours_per_day: 3, rides: true },
      { first_name: 'Walker', level: null, tack: null, hours_per_day: null, rides: false },
    ];
    expect(ridingOf(made.body.tourists as Json[])).toEqual(expected);
    const stored = await db()
      .select({ tack: bookingTourists.tack, hours: bookingTourists.hoursPerDay })
      .from(bookingTourists)
      .where(eq(bookingTourists.requestId, made.body.id as number))
      .orderBy(bookingTourists.position);
    expect(stored).toEqual([
      { tack: 'english', hours: 3 },
      { tack: null, hours: null },
    ]);

    const mine = await app().inject({
      url: `/crm/api/request/get-by-uuid?uuid=${made.body.uuid as string}`,
      headers: bearer(traveller.token),
    });
    expect(mine.statusCode).toBe(200);
    expect(ridingOf((mine.json() as Json).tourists as Json[])).toEqual(expected);

    const organizer = await organizerMemberOf(app(), db(), date);
    const seen = await organizerView(organizer.token, made.body.id as number);
    expect(ridingOf(seen.tourists as Json[])).toEqual(expected);
    expect((seen.tourists as Json[])[0]).toMatchObject({ weight: 70 });
    expect(seen.riding).toEqual({
      level: 'strong-intermediate',
      hours_longest_day: 6,
      tack: 'western',
      other_tack_on_request: false,
      max_rider_weight_kg: 95,
      heavy_rider_weight_kg: 95,
      min_riding_age: 14,
      max_riding_age: null,
      non_riders_welcome: true,
    });

    // Support reads them like the level (not private like the weight).
    const agent = await signUp(app());
    await db().update(users).set({ role: 'support' }).where(eq(users.email, agent.email));
    const cancelled = await app().inject({
      method: 'POST',
      url: '/crm/api/support/booking/cancel',
      headers: bearer(agent.token),
      payload: { id: made.body.id, reason: 'The organizer closed for the season' },
    });
    expect(cancelled.statusCode).toBe(200);
    const [first] = (cancelled.json() as Json).tourists as Json[];
    expect(first).toMatchObject({ tack: 'english', hours_per_day: 3, weight: null });
  }, 60_000);

  it('are optional: a rider without them reads null', async () => {
    const date = await ridingDate();
    const traveller = await signUp(app());
    const { tack: _tack, hours_per_day: _hours, ...plain } = maya;
    const made = await book(
      app(),
      date,
      traveller,
      bookingBody(date, traveller.email, [{ ...plain, tack: null, hours_per_day: null }, plain]),
    );
    expect(made.status).toBe(201);
    expect((made.body.tourists as Json[]).map((t) => [t.tack, t.hours_per_day])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it.each([
    ['tack', { tack: 'bareback' }],
    ['hours_per_day', { hours_per_day: 13 }],
    ['hours_per_day', { hours_per_day: 0.2 }],
  ])('refuses a bad %s with the contract 400, a message and the field', async (field, bad) => {
    const date = await ridingDate();
    const traveller = await signUp(app());
    const made = await book(
      app(),
      date,
      traveller,
      bookingBody(date, traveller.email, [{ ...maya, ...bad }]),
    );
    // A value outside the contract is a 400 with its field (decision 011), never a 5xx.
    expect(made.status).toBe(400);
    expect(made.body.message).toBe('Invalid request body');
    expect(Object.keys(made.body.errors as Json)).toContain(`tourists.0.${field}`);
  });

  it('change with the riders, and the organizer is told what changed', async () => {
    const date = await ridingDate();
    const traveller = await signUp(app());
    const made = await book(app(), date, traveller, bookingBody(date, traveller.email, [maya]));
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    const [rider] = made.body.tourists as { id: number }[];
    const changed = await app().inject({
      method: 'POST',
      url: `/crm/api/request/update-tourists?request_id=${id}`,
      headers: bearer(traveller.token),
      payload: { tourists: [{ ...maya, id: rider!.id, tack: 'western', hours_per_day: 5.5 }] },
    });
    expect(changed.statusCode).toBe(200);
    expect(((changed.json() as Json).tourists as Json[])[0]).toMatchObject({
      tack: 'western',
      hours_per_day: 5.5,
    });
    const organizer = await organizerMemberOf(app(), db(), date);
    const seen = await organizerView(organizer.token, id);
    expect((seen.tourists as Json[])[0]).toMatchObject({ tack: 'western', hours_per_day: 5.5 });
    const notice = await latestMessageAbout(db(), id, 'organizer-booking-notice');
    expect(notice!.body).toContain(
      'Updated:\n- Maya Hart: usual tack English → Western; hours a day 3 h → 5.5 h',
    );

    const bad = await app().inject({
      method: 'POST',
      url: `/crm/api/request/update-tourists?request_id=${id}`,
      headers: bearer(traveller.token),
      payload: { tourists: [{ ...maya, id: rider!.id, tack: 'bareback' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as Json).errors as Json)).toEqual(['tourists.0.tack']);
  });

  it('are never stored for a companion who does not ride (the database refuses it too)', async () => {
    const { made } = await bookRiders([maya, walker]);
    const [, companion] = made.body.tourists as { id: number }[];
    await expect(
      db()
        .update(bookingTourists)
        .set({ tack: 'english' })
        .where(eq(bookingTourists.id, companion!.id)),
    ).rejects.toThrow();
    await expect(
      db()
        .update(bookingTourists)
        .set({ hoursPerDay: 13 })
        .where(eq(bookingTourists.requestId, made.body.id as number)),
    ).rejects.toThrow();
  });
});
