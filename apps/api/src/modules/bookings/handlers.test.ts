import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, gte, sql } from 'drizzle-orm';
import { publicTour } from '#src/modules/catalog/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, outbox, tourDates, tours, users } from '#src/db/schema/index.ts';
import { chatAccount } from '#src/modules/chat/testing.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller, type Json } from '#src/testing/call.ts';
import { signUp as signUpTraveller, TEST_PASSWORD } from '#src/testing/sign-up.ts';
import { createRatesCache, toDisplayPrice } from '#src/shared/money/rates.ts';
import { SUPPORT_CANNOT_BOOK } from './handlers.ts';
import { findBookableDate } from './testing.ts';
import { displayDates } from './wording.ts';

let testApp: TestApp;
let db: Database;

beforeAll(async () => {
  testApp = await buildTestApp({ PUBLIC_WRITE_LIMIT: '1000' });
  db = testApp.database.db;
});
afterAll(() => testApp.close());

const call = contractCaller(() => testApp.app);

const uniqueEmail = () => `booker-${randomUUID()}@example.com`;

async function signUp(email = uniqueEmail()) {
  const { token } = await signUpTraveller(testApp.app, { email });
  return { token, email };
}

/**
 * A bookable date far enough ahead that the prepayment applies, with seats to spare: tests on a
 * shared PostgreSQL database never take a date's last seat (search tests count bookable dates).
 */
const bookableDate = (options?: { guaranteed?: boolean }) => findBookableDate(db, options);

/** A date's per-person price as the booking form shows it in `currency` (whole units). */
async function shownPrice(date: { price: number; currency: string }, currency: string) {
  const rates = await createRatesCache(db).get();
  return toDisplayPrice(date.price, date.currency, currency, rates);
}

const freeSeats = async (id: number) =>
  (await db.select().from(tourDates).where(eq(tourDates.id, id)))[0]!.numberOfFreeSeats;

/** The newest message queued to an address. */
async function lastMessageTo(email: string) {
  const [message] = await db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, email))
    .orderBy(desc(outbox.id))
    .limit(1);
  return message;
}

function bookingPayload(date: { id: number; tourId: number }, email: string, tourists = 2) {
  return {
    tour_id: date.tourId,
    tour_date_id: date.id,
    tourists: Array.from({ length: tourists }, (_, i) => ({
      first_name: i === 0 ? 'Maya' : `Guest${i}`,
      last_name: 'Hart',
      weight: 64,
    })),
    contact: { name: 'Maya Hart', email, phone: '+14155550199' },
    comment: 'Two riders, one vegetarian.',
  };
}

const create = (payload: object, token?: string) =>
  call('createBookingRequest', 'POST', '/crm/api/request/create', {
    payload,
    ...(token ? { token } : {}),
  });

describe('creating a booking request', () => {
  it('refuses a support account with 403 and takes no seat', async () => {
    const date = await bookableDate();
    const before = await freeSeats(date.id);
    const support = await chatAccount(db, 'support');
    const { status, body } = await create(bookingPayload(date, uniqueEmail()), support.token);
    expect(status).toBe(403);
    expect(body.message).toBe(SUPPORT_CANNOT_BOOK);
    expect(await freeSeats(date.id)).toBe(before);
    const made = await db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.userId, support.user.id));
    expect(made).toEqual([]);
  });

  it('books a guaranteed date for a signed-in traveller: seats taken, prepayment due, email queued', async () => {
    const date = await bookableDate();
    const before = await freeSeats(date.id);
    const { token, email } = await signUp();
    // The address proven (its link opened): the booking's mail may greet the contact by name.
    await db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, email));
    const { status, body } = await create(bookingPayload(date, email), token);
    expect(status).toBe(201);
    // Priced in the visitor's currency (USD without X-Currency), in whole units as shown.
    const perPerson = await shownPrice(date, 'USD');
    expect(body).toMatchObject({
      status: 2,
      currency: 'USD',
      price: perPerson * 2,
      prepayment: Math.round((perPerson * 2 * (date.prepaymentSize ?? 0)) / 100),
      refunded: 0,
      email_proof_required: false,
      paid: 0,
      can_pay: true,
      can_cancel: true,
      comment: 'Two riders, one vegetarian.',
    });
    expect(body.tour.id).toBe(date.tourId);
    expect(body.tour_date.id).toBe(date.id);
    expect(body.tourists.map((t: Json) => t.full_name)).toEqual(['Maya Hart', 'Guest1 Hart']);
    expect(body.tourists[0]).toMatchObject({ weight: 64, can_edit: true, can_delete: false });
    expect(body.tourists[1].can_delete).toBe(true);
    expect(await freeSeats(date.id)).toBe(before - 2);
    const message = await lastMessageTo(email);
    expect(message).toMatchObject({ kind: 'booking-received' });
    expect(message!.body).toContain(`/booking/uuid/${body.uuid}`);
    // The account's own confirmed address: greeted by the contact's name (a guest is not).
    expect(message!.body).toMatch(/^Hello Maya Hart,\n/);

    const own = await call('getBookingRequest', 'GET', `/crm/api/request/get?id=${body.id}`, {
      token,
    });
    expect(own.status).toBe(200);
    expect(own.body.uuid).toBe(body.uuid);
  });

  it('keeps the variant the traveller chose, and names it in the booking and its e-mail', async () => {
    const [date] = await db
      .select({ date: tourDates })
      .from(tourDates)
      .innerJoin(tours, eq(tours.id, tourDates.tourId))
      .where(
        and(
          eq(tourDates.variantName, 'Private room'),
          gt(tourDates.startDate, sql`current_date + 7`),
          eq(tourDates.isBusy, false),
          gte(tourDates.numberOfFreeSeats, 3),
          publicTour(),
          eq(tours.minAge, 0),
        ),
      )
      .limit(1);
    expect(date, 'the seed has a bookable private-room variant').toBeDefined();
    const { token, email } = await signUp();
    const { status, body } = await create(bookingPayload(date!.date, email, 1), token);
    expect(status).toBe(201);
    expect(body.tour_date).toMatchObject({ id: date!.date.id, variant_name: 'Private room' });
    const message = await lastMessageTo(email);
    expect(message!.body).toContain(
      `on ${displayDates(date!.date.startDate, date!.date.endDate)} (Private room) for 1 rider`,
    );
    const own = await call('getBookingRequest', 'GET', `/crm/api/request/get?id=${body.id}`, {
      token,
    });
    expect(own.body.tour_date.variant_name).toBe('Private room');

    // A notice names the trip in one pair of brackets, the variant after the dates.
    const canceled = await call('cancelBookingRequest', 'POST', '/crm/api/request/cancel', {
      token,
      payload: { id: body.id },
    });
    expect(canceled.status).toBe(200);
    const notice = await lastMessageTo(email);
    expect(notice!.body).toContain(
      `(${displayDates(date!.date.startDate, date!.date.endDate)}, Private room)`,
    );
    expect(notice!.body).not.toContain('(Private room))');
  });

  it('waits for the organizer on a date that is not guaranteed (status 1, nothing to pay yet)', async () => {
    const date = await bookableDate({ guaranteed: false });
    const { status, body } = await create(bookingPayload(date, uniqueEmail(), 1));
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 1, can_pay: false, can_cancel: true });
  });

  it('opens an account for a guest, whose booking is theirs after signing in', async () => {
    const date = await bookableDate();
    const email = uniqueEmail();
    const { body } = await create(bookingPayload(date, email, 1));
    const byUuid = await call(
      'getBookingRequestByUuid',
      'GET',
      `/crm/api/request/get-by-uuid?uuid=${body.uuid}`,
    );
    expect(byUuid.status).toBe(200);
    expect(byUuid.body.id).toBe(body.id);
    // The account exists now: registering the same email opens nothing, the address is told …
    const again = await call('register', 'POST', '/crm/api/user/register', {
      payload: {
        first_name: 'Maya',
        last_name: 'Hart',
        email,
        password: TEST_PASSWORD,
        confirm_password: TEST_PASSWORD,
      },
    });
    expect(again).toEqual({ status: 200, body: { result: true } });
    const [attempt] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, email))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(attempt!.kind).toBe('register-attempt');
    // … and a code sign-in opens it with the booking in its list.
    await call('sendAuthCode', 'POST', '/crm/api/user/send-auth-code', {
      payload: { login: email, code_sender: 'email' },
    });
    const [code] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'sign-in-code')))
      .orderBy(desc(outbox.id))
      .limit(1);
    const signedIn = await call('loginViaCode', 'POST', '/crm/api/user/auth-via-code', {
      payload: { login: email, code: code!.body.match(/\b(\d{5})\b/)![1], verify_method: 'email' },
    });
    expect(signedIn.status).toBe(200);
    const list = await call('listBookingRequests', 'GET', '/crm/api/request/list', {
      token: signedIn.body.token,
    });
    expect(list.body.items.map((item: Json) => item.id)).toEqual([body.id]);
    expect(list.body.pagination).toMatchObject({ page: 1, total: 1, page_count: 1 });
  });

  it('refuses more tourists than free seats, a passed date and another tour’s date', async () => {
    const date = await bookableDate();
    const free = await freeSeats(date.id);
    const tooMany = await create({
      ...bookingPayload(date, uniqueEmail(), 1),
      tourists: Array.from({ length: free + 1 }, () => ({ first_name: 'A', last_name: 'B' })),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.tourists[0]).toMatch(/seat/);
    expect(await freeSeats(date.id)).toBe(free);

    const [past] = await db
      .select()
      .from(tourDates)
      .where(sql`start_date < current_date`)
      .limit(1);
    const closed = await create(bookingPayload(past!, uniqueEmail(), 1));
    expect(closed.status).toBe(422);
    expect(closed.body.errors).toEqual({ tour_date_id: ['This date can no longer be booked'] });

    const other = await create({
      ...bookingPayload(date, uniqueEmail(), 1),
      tour_id: past!.tourId,
    });
    expect([404, 422]).toContain(other.status);
    const unknownTour = await create({
      ...bookingPayload(date, uniqueEmail(), 1),
      tour_id: 99_999_999,
    });
    expect(unknownTour.status).toBe(404);
    const blank = await create({
      ...bookingPayload(date, uniqueEmail(), 1),
      tourists: [{ first_name: '  ', last_name: 'Hart' }],
    });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ 'tourists.0.first_name': ['Required field'] });
  });

  it('refuses a booking without a date (it would take no seat and cost nothing)', async () => {
    const date = await bookableDate({ guaranteed: false });
    const free = await freeSeats(date.id);
    const email = uniqueEmail();
    const { tour_date_id: _date, ...undated } = {
      ...bookingPayload(date, email, 3),
      tourists: [
        { first_name: 'Maya', last_name: 'Hart', weight: 64 },
        { first_name: 'Leo', last_name: 'Hart', weight: 70 },
        { first_name: 'Ida', last_name: 'Hart', weight: 100 },
      ],
    };
    const { token } = await signUp(email);
    const refused = await create(undated, token);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      message: 'Choose a date',
      errors: { tour_date_id: ['Choose a date'] },
    });
    const list = await call('listBookingRequests', 'GET', '/crm/api/request/list', { token });
    expect(list.body.items).toEqual([]);
    expect(await freeSeats(date.id)).toBe(free);
  });

  it('books in the body’s currency, over an X-Currency header that names another', async () => {
    const date = await bookableDate();
    const { token, email } = await signUp();
    const inBody = await create({ ...bookingPayload(date, email, 1), currency: 'EUR' }, token);
    expect(inBody.status).toBe(201);
    expect(inBody.body).toMatchObject({
      currency: 'EUR',
      price: await shownPrice(date, 'EUR'),
    });

    const both = await call('createBookingRequest', 'POST', '/crm/api/request/create', {
      payload: { ...bookingPayload(date, email, 1), currency: 'EUR' },
      token,
      currency: 'eur',
    });
    expect(both.status).toBe(201);
    expect(both.body.currency).toBe('EUR');

    // The site's currency changed in another tab after the form showed its prices (decision 160).
    const switched = await call('createBookingRequest', 'POST', '/crm/api/request/create', {
      payload: { ...bookingPayload(date, email, 1), currency: 'EUR' },
      token,
      currency: 'JPY',
    });
    expect(switched.status).toBe(201);
    expect(switched.body).toMatchObject({
      currency: 'EUR',
      price: await shownPrice(date, 'EUR'),
    });

    const free = await freeSeats(date.id);
    const unknown = await create({ ...bookingPayload(date, email, 1), currency: 'XXX' }, token);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ currency: ['Currency XXX is not supported'] });
    expect(await freeSeats(date.id)).toBe(free);
  });

  it('refuses a rider under the tour’s minimum age on the first day, and takes one who turns it that day', async () => {
    const date = await findBookableDate(db, { minimumAge: true });
    const [tour] = await db
      .select({ minAge: tours.minAge, minRidingAge: tours.minRidingAge })
      .from(tours)
      .where(eq(tours.id, date.tourId));
    // Riders meet the tour's minimum age and its minimum riding age, whichever is higher.
    const minAge = Math.max(tour!.minAge, tour!.minRidingAge);
    const start = date.startDate;
    const yearsBefore = (years: number) => `${Number(start.slice(0, 4)) - years}${start.slice(4)}`;
    const dayAfter = (day: string) => {
      const next = new Date(`${day}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      return next.toISOString().slice(0, 10);
    };
    const withBirthday = (birthday: string) => ({
      ...bookingPayload(date, uniqueEmail(), 1),
      tourists: [{ first_name: 'Lena', last_name: 'Hart', weight: 40, birthday }],
    });
    const refusal = `Riders must be at least ${minAge} on the first day`;
    const free = await freeSeats(date.id);

    // A day short of the minimum age on the first day.
    const young = await create(withBirthday(dayAfter(yearsBefore(minAge))));
    expect(young.status).toBe(422);
    expect(young.body).toMatchObject({
      message: refusal,
      errors: { 'tourists.0.birthday': [refusal] },
    });
    // Born after the first day: no age at all, so under any minimum.
    const unborn = await create(withBirthday(dayAfter(start)));
    expect(unborn.status).toBe(422);
    expect(unborn.body.errors).toEqual({ 'tourists.0.birthday': [refusal] });
    expect(await freeSeats(date.id)).toBe(free);

    // Turning the minimum age on the first day itself.
    const ofAge = await create(withBirthday(yearsBefore(minAge)));
    expect(ofAge.status).toBe(201);
    expect(await freeSeats(date.id)).toBe(free - 1);
  });
});

it('refuses a rider over the tour’s maximum riding age on the first day', async () => {
  const date = await findBookableDate(db, { maximumAge: true });
  const [tour] = await db
    .select({ maxRidingAge: tours.maxRidingAge })
    .from(tours)
    .where(eq(tours.id, date.tourId));
  const maxAge = tour!.maxRidingAge!;
  const start = date.startDate;
  const born = (years: number) => `${Number(start.slice(0, 4)) - years}${start.slice(4)}`;
  const withBirthday = (birthday: string) => ({
    ...bookingPayload(date, uniqueEmail(), 1),
    tourists: [{ first_name: 'Ivo', last_name: 'Hart', weight: 70, birthday }],
  });
  const free = await freeSeats(date.id);
  const refusal = `Riders must be at most ${maxAge} on the first day`;
  const old = await create(withBirthday(born(maxAge + 1)));
  expect(old.status).toBe(422);
  expect(old.body).toMatchObject({
    message: refusal,
    errors: { 'tourists.0.birthday': [refusal] },
  });
  expect(await freeSeats(date.id)).toBe(free);
  // Still the maximum age on the first day (a birthday the day after).
  const next = new Date(`${born(maxAge + 1)}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const atMax = await create(withBirthday(next.toISOString().slice(0, 10)));
  expect(atMax.status).toBe(201);
});

describe('managing a booking', () => {
  it('keeps other accounts out (403) and asks for sign-in (401)', async () => {
    const date = await bookableDate();
    const owner = await signUp();
    const { body } = await create(bookingPayload(date, owner.email, 1), owner.token);
    const stranger = await signUp();
    const foreign = await call('getBookingRequest', 'GET', `/crm/api/request/get?id=${body.id}`, {
      token: stranger.token,
    });
    expect(foreign.status).toBe(403);
    const anonymous = await call('getBookingRequest', 'GET', `/crm/api/request/get?id=${body.id}`);
    expect(anonymous.status).toBe(401);
    const missing = await call('getBookingRequest', 'GET', '/crm/api/request/get?id=99999999', {
      token: owner.token,
    });
    expect(missing.status).toBe(404);
  });

  it('changes tourists (seats and price follow), then cancels and gives the seats back', async () => {
    const date = await bookableDate();
    const start = await freeSeats(date.id);
    const { token, email } = await signUp();
    const { body } = await create(bookingPayload(date, email, 2), token);
    const [first, second] = body.tourists as Json[];
    const updated = await call(
      'updateBookingRequestTourists',
      'POST',
      `/crm/api/request/update-tourists?request_id=${body.id}`,
      {
        token,
        payload: {
          tourists: [
            { id: first!.id, first_name: 'Maya', last_name: 'Hart', birthday: '1990-04-02' },
            { first_name: 'Leo', last_name: 'Hart' },
            { first_name: 'Ida', last_name: 'Hart' },
          ],
        },
      },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.tourists.map((t: Json) => t.first_name)).toEqual(['Maya', 'Leo', 'Ida']);
    expect(updated.body.tourists.some((t: Json) => t.id === second!.id)).toBe(false);
    expect(updated.body.price).toBe((await shownPrice(date, 'USD')) * 3);
    expect(await freeSeats(date.id)).toBe(start - 3);

    const dropFirst = await call(
      'updateBookingRequestTourists',
      'POST',
      `/crm/api/request/update-tourists?request_id=${body.id}`,
      { token, payload: { tourists: [{ first_name: 'Leo', last_name: 'Hart' }] } },
    );
    expect(dropFirst.status).toBe(422);

    const dates = await call('getBookingRequestTourDates', 'POST', '/crm/api/request/tour-dates', {
      token,
      payload: { request_id: body.id },
    });
    expect(dates.status).toBe(200);
    expect(dates.body.items.every((d: Json) => d.id !== date.id && d.tour_id === date.tourId)).toBe(
      true,
    );

    const canceled = await call('cancelBookingRequest', 'POST', '/crm/api/request/cancel', {
      token,
      payload: { id: body.id, message: 'Plans changed' },
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({
      status: 5,
      contract_status: 3,
      can_cancel: false,
      can_pay: false,
    });
    expect(await freeSeats(date.id)).toBe(start);
    // Cancelling again answers the same and gives nothing more back.
    const twice = await call('cancelBookingRequest', 'POST', '/crm/api/request/cancel', {
      token,
      payload: { id: body.id },
    });
    expect(twice.status).toBe(200);
    expect(twice.body).toMatchObject({ status: 5, can_cancel: false });
    expect(await freeSeats(date.id)).toBe(start);
  });

  it('fills questionnaires and adds tourists through the link key', async () => {
    const date = await bookableDate();
    // Adding riders needs the owner signed in (riders.test.ts has the refusals).
    const { token, email } = await signUp();
    const { body } = await create(bookingPayload(date, email, 1), token);
    const info = await call('getTouristsInfo', 'GET', `/spa/tourists-info?uuid=${body.uuid}`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ uuid: body.uuid, request_id: body.id });
    expect(info.body.max_tourists).toBeGreaterThan(1);
    const filled = await call(
      'updateTouristsQuestionnaires',
      'POST',
      `/crm/api/request/update-tourists-questionnaires?id=${body.id}&uuid=${body.uuid}`,
      {
        // A weight comes from the owner signed in only (link-access.test.ts has the refusal).
        token,
        payload: {
          tourists: [
            {
              id: body.tourists[0].id,
              first_name: 'Maya',
              last_name: 'Hart',
              food_restriction: 'Vegetarian',
              weight: 61,
            },
          ],
        },
      },
    );
    expect(filled.status).toBe(200);
    expect(filled.body.tourists[0]).toMatchObject({
      food_restriction: 'Vegetarian',
      weight: 61,
      is_touched: true,
    });
    const added = await call(
      'addTourists',
      'POST',
      `/crm/api/request/add-tourists?uuid=${body.uuid}`,
      {
        token,
        payload: { tourists: [{ first_name: 'Noa', last_name: 'Hart' }] },
      },
    );
    expect(added.status).toBe(200);
    expect(added.body.tourists).toHaveLength(2);
    const wrongPair = await call(
      'updateTouristsQuestionnaires',
      'POST',
      `/crm/api/request/update-tourists-questionnaires?id=1&uuid=${body.uuid}`,
      { payload: { tourists: [{ id: 1, first_name: 'X', last_name: 'Y' }] } },
    );
    expect(wrongPair.status).toBe(404);
    const unknown = await call('getTouristsInfo', 'GET', `/spa/tourists-info?uuid=${randomUUID()}`);
    expect(unknown.status).toBe(404);
  });

  it('saves and reads the arrival and departure of each tourist', async () => {
    const date = await bookableDate();
    const { token, email } = await signUp();
    const { body } = await create(bookingPayload(date, email, 1), token);
    const touristId = body.tourists[0].id;
    const saved = await call(
      'saveArrivalInfo',
      'POST',
      `/crm/api/request/arrival-info-save?id=${body.id}`,
      {
        token,
        payload: {
          tourists: [
            {
              tourist_id: touristId,
              arrival: {
                transport_type: 1,
                airport_name: 'Ulaanbaatar',
                flight_number: 'OM302',
                date: date.startDate,
                time: '09:40',
              },
              departure: { transport_type: 4 },
            },
          ],
        },
      },
    );
    expect(saved.status).toBe(200);
    const read = await call(
      'getArrivalInfo',
      'GET',
      `/crm/api/request/arrival-info?id=${body.id}`,
      { token },
    );
    expect(read.body.tourists).toEqual([
      {
        tourist_id: touristId,
        name: 'Maya Hart',
        arrival: {
          transport_type: 1,
          airport_name: 'Ulaanbaatar',
          flight_number: 'OM302',
          date: date.startDate,
          time: '09:40',
        },
        departure: { transport_type: 4 },
      },
    ]);
    // A rider sent with neither leg is accepted and keeps what was saved.
    const bare = await call(
      'saveArrivalInfo',
      'POST',
      `/crm/api/request/arrival-info-save?id=${body.id}`,
      { token, payload: { tourists: [{ tourist_id: touristId }] } },
    );
    expect(bare.status).toBe(200);
    expect(bare.body.tourists[0].departure).toEqual({ transport_type: 4 });
    const unknown = await call(
      'saveArrivalInfo',
      'POST',
      `/crm/api/request/arrival-info-save?id=${body.id}`,
      {
        token,
        payload: {
          tourists: [{ tourist_id: touristId + 100_000, departure: { transport_type: 4 } }],
        },
      },
    );
    expect(unknown.status).toBe(422);
  });
});
