/**
 * What a booking's link (its uuid) opens to someone who is not signed in as its owner: riders
 * without their weights, and questionnaires that cannot take or free a heavier horse (a weight
 * is the traveller's and the organizer's only, decisions "Riding"). On a scratch database; on
 * PostgreSQL (CI) the link holders' calls really overlap with the owner's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, bookingTourists, tours } from '#src/db/schema/index.ts';
import { createRatesCache } from '#src/shared/money/rates.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { STATUS, toBookingRequest } from './records.ts';
import { WEIGHT_OWNER_ONLY } from './rider-changes.ts';
import {
  book,
  dateWithSeats,
  placesOf,
  signUp,
  tallyStatuses,
  type TourDateRow,
  bearer,
} from './testing-scratch.ts';

let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();
const onPostgres = testDatabaseKind() === 'postgres';

/** Standard horses carry up to 90 kg, the heavier ones up to 120 kg. */
const LIMITS = { maxRiderWeightKg: 90, heavyRiderWeightKg: 120 };

beforeAll(async () => {
  scratch = await buildScratchApp('link_access', { PUBLIC_WRITE_LIMIT: '1000000' });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;

async function call(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const response = await app().inject({ method, url, headers: bearer(token), payload });
  return { status: response.statusCode, body: response.json() as Json };
}

const weightsOf = (body: Json) =>
  (body.tourists as { weight: number | null }[]).map((tourist) => tourist.weight);

async function storedWeights(requestId: number) {
  const rows = await db
    .select({ weight: bookingTourists.weight })
    .from(bookingTourists)
    .where(eq(bookingTourists.requestId, requestId))
    .orderBy(bookingTourists.position);
  return rows.map((row) => row.weight);
}

/** An owner's booking of a 105 kg and a 70 kg rider on a date of 2 heavier-horse places. */
async function heavyBooking(): Promise<{
  date: TourDateRow;
  owner: { token: string; email: string };
  id: number;
  uuid: string;
  riderIds: number[];
}> {
  const date = await dateWithSeats(db, 10, used, { heavyPlaces: 2 });
  await db.update(tours).set(LIMITS).where(eq(tours.id, date.tourId));
  const owner = await signUp(app());
  const made = await book(app(), date, { ...owner, weights: [105, 70] });
  expect(made.status).toBe(201);
  const riderIds = (made.body.tourists as { id: number }[]).map((tourist) => tourist.id);
  return { date, owner, id: made.body.id as number, uuid: made.body.uuid as string, riderIds };
}

describe('reading a booking by its link', () => {
  it('shows weights to the owner signed in and to no one else holding the link', async () => {
    const { owner, uuid } = await heavyBooking();
    const stranger = await signUp(app());
    for (const url of [
      `/crm/api/request/get-by-uuid?uuid=${uuid}`,
      `/spa/tourists-info?uuid=${uuid}`,
    ]) {
      const own = await call('GET', url, owner.token);
      expect(own.status).toBe(200);
      expect(weightsOf(own.body)).toEqual([105, 70]);
      for (const token of [undefined, stranger.token]) {
        const other = await call('GET', url, token);
        expect(other.status, url).toBe(200);
        expect(weightsOf(other.body), url).toEqual([null, null]);
        // The rest of the booking still opens: the riders' names, the tour.
        expect((other.body.tourists as { first_name: string }[])[0]!.first_name).toBe('Maya');
      }
    }
  });

  it('says per reader what it may do: the owner pays, cancels and removes; a link holder fills in', async () => {
    const { owner, id, uuid } = await heavyBooking();
    // Confirmed by the organizer: the owner may pay.
    await db
      .update(bookingRequests)
      .set({ status: STATUS.pendingPrepayment })
      .where(eq(bookingRequests.id, id));
    const url = `/crm/api/request/get-by-uuid?uuid=${uuid}`;
    const flags = (body: Json) => ({
      reader: body.reader,
      can_pay: body.can_pay,
      can_cancel: body.can_cancel,
      tourists: (body.tourists as { can_edit: boolean; can_delete: boolean }[]).map(
        ({ can_edit, can_delete }) => ({ can_edit, can_delete }),
      ),
    });
    const own = await call('GET', url, owner.token);
    expect(flags(own.body)).toEqual({
      reader: 'traveller',
      can_pay: true,
      can_cancel: true,
      tourists: [
        { can_edit: true, can_delete: false },
        { can_edit: true, can_delete: true },
      ],
    });
    const stranger = await signUp(app());
    for (const token of [undefined, stranger.token]) {
      const other = await call('GET', url, token);
      expect(flags(other.body)).toEqual({
        reader: 'link',
        can_pay: false,
        can_cancel: false,
        tourists: [
          { can_edit: true, can_delete: false },
          { can_edit: true, can_delete: false },
        ],
      });
    }
    // The organizer and support read it beside a chat: they act from their own pages.
    const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
    const rates = await createRatesCache(db).get();
    for (const reader of ['organizer', 'support'] as const) {
      const shown = await toBookingRequest(db, row!, { reader, currency: 'USD', rates });
      expect(flags(shown as unknown as Json)).toEqual({
        reader,
        can_pay: false,
        can_cancel: false,
        tourists: [
          { can_edit: false, can_delete: false },
          { can_edit: false, can_delete: false },
        ],
      });
    }
  });

  it('says per caller that its answer is private: no cache keeps it', async () => {
    const { uuid } = await heavyBooking();
    const response = await app().inject({
      method: 'GET',
      url: `/crm/api/request/get-by-uuid?uuid=${uuid}`,
    });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});

describe('questionnaires filled through the link', () => {
  const questionnaire = (uuid: string, id: number) =>
    `/crm/api/request/update-tourists-questionnaires?uuid=${uuid}&id=${id}`;

  it('refuses a weight from a link holder, and keeps the stored one when none is sent', async () => {
    const { date, id, uuid, riderIds } = await heavyBooking();
    const stranger = await signUp(app());
    for (const token of [undefined, stranger.token]) {
      const refused = await call('POST', questionnaire(uuid, id), token, {
        tourists: [{ id: riderIds[0], first_name: 'Maya', last_name: 'Hart', weight: 60 }],
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(WEIGHT_OWNER_ONLY);
    }
    // Names and food change; the heavy rider keeps 105 kg and the heavier horse.
    const filled = await call('POST', questionnaire(uuid, id), undefined, {
      tourists: [
        { id: riderIds[0], first_name: 'Maya', last_name: 'Hart', food_restriction: 'Vegan' },
        { id: riderIds[1], first_name: 'Ola', last_name: 'Hart' },
      ],
    });
    expect(filled.status).toBe(200);
    expect(weightsOf(filled.body)).toEqual([null, null]);
    expect(await storedWeights(id)).toEqual([105, 70]);
    expect(await placesOf(db, date.id)).toMatchObject({ heavyFree: 1, heavySold: 1 });
  });

  it('lets a visitor signed out edit a rider, read back without weights, and do nothing of the owner’s', async () => {
    const { date, owner, id, uuid, riderIds } = await heavyBooking();
    await db
      .update(bookingRequests)
      .set({ status: STATUS.pendingPrepayment })
      .where(eq(bookingRequests.id, id));
    const edit = {
      id: riderIds[1],
      first_name: 'Ola',
      last_name: 'Hart',
      email: 'ola@example.com',
    };
    const filled = await call('POST', questionnaire(uuid, id), undefined, { tourists: [edit] });
    expect(filled.status).toBe(200);
    const url = `/crm/api/request/get-by-uuid?uuid=${uuid}`;
    const read = await call('GET', url, undefined);
    expect(read.body.reader).toBe('link');
    expect((read.body.tourists as { email: string | null }[])[1]!.email).toBe('ola@example.com');
    expect(weightsOf(read.body)).toEqual([null, null]);
    // The owner sees the friend's change, the weights as they were.
    const own = await call('GET', url, owner.token);
    expect((own.body.tourists as { first_name: string }[])[1]!.first_name).toBe('Ola');
    expect(weightsOf(own.body)).toEqual([105, 70]);
    // Paying, cancelling, removing and adding riders need the owner's session.
    const refused = await Promise.all([
      call('POST', `/crm/api/request/update-tourists?request_id=${id}`, undefined, {
        tourists: [{ id: riderIds[0], first_name: 'Maya', last_name: 'Hart', weight: 105 }],
      }),
      call('POST', '/crm/api/request/cancel', undefined, { id }),
      call('POST', `/crm/api/request/add-tourists?uuid=${uuid}`, undefined, {
        tourists: [{ first_name: 'Kai', last_name: 'Hart', birthday: '1990-01-01', weight: 70 }],
      }),
      call('POST', '/crm/api/payment/start', undefined, {
        request_id: id,
        payment_type: 'full',
        payment_method: 'card',
      }),
    ]);
    expect(refused.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
    for (const answer of refused) expect(answer.body.message).toEqual(expect.any(String));
    const after = await call('GET', url, owner.token);
    expect(after.body).toMatchObject({ status: STATUS.pendingPrepayment, paid: 0 });
    expect(weightsOf(after.body)).toEqual([105, 70]);
    expect(await placesOf(db, date.id)).toMatchObject({ heavyFree: 1, heavySold: 1 });
  });

  it('lets the owner signed in change a weight, which frees the heavier horse', async () => {
    const { date, owner, id, uuid, riderIds } = await heavyBooking();
    const changed = await call('POST', questionnaire(uuid, id), owner.token, {
      tourists: [{ id: riderIds[0], first_name: 'Maya', last_name: 'Hart', weight: 80 }],
    });
    expect(changed.status).toBe(200);
    expect(weightsOf(changed.body)).toEqual([80, 70]);
    expect(await placesOf(db, date.id)).toMatchObject({ heavyFree: 2, heavySold: 0 });
  });

  it('refuses a blank name on every change of riders, as the booking form does', async () => {
    const { owner, id, uuid, riderIds } = await heavyBooking();
    const byLink = await call('POST', questionnaire(uuid, id), undefined, {
      tourists: [{ id: riderIds[1], first_name: '  ', last_name: 'Hart' }],
    });
    expect(byLink.status).toBe(422);
    expect(byLink.body.errors).toEqual({ 'tourists.0.first_name': ['Required field'] });
    const byOwner = await call(
      'POST',
      `/crm/api/request/update-tourists?request_id=${id}`,
      owner.token,
      {
        tourists: [
          { id: riderIds[0], first_name: 'Maya', last_name: 'Hart', weight: 105 },
          { id: riderIds[1], first_name: 'Ola', last_name: ' ' },
        ],
      },
    );
    expect(byOwner.status).toBe(422);
    expect(byOwner.body.errors).toEqual({ 'tourists.1.last_name': ['Required field'] });
    const riders = await db
      .select({ firstName: bookingTourists.firstName, lastName: bookingTourists.lastName })
      .from(bookingTourists)
      .where(eq(bookingTourists.requestId, id))
      .orderBy(bookingTourists.position);
    expect(riders).toEqual([
      { firstName: 'Maya', lastName: 'Hart' },
      { firstName: 'Rider1', lastName: 'Hart' },
    ]);
  });

  it('keeps the heavier horses right while link holders and the owner change riders at once', async () => {
    const rounds = onPostgres ? 5 : 1;
    for (let round = 0; round < rounds; round += 1) {
      const { date, owner, id, uuid, riderIds } = await heavyBooking();
      const [heavy, light] = riderIds as [number, number];
      // 30 link holders at once, a third sending weights (refused), beside the owner making the
      // light rider heavy: only the owner's change may take the date's last heavier horse.
      const strangers = Array.from({ length: 30 }, (_, i) =>
        call('POST', questionnaire(uuid, id), undefined, {
          tourists: [
            {
              id: i % 2 ? heavy : light,
              first_name: `Name${i}`,
              last_name: 'Hart',
              ...(i % 3 === 0 ? { weight: i % 2 ? 60 : 110 } : {}),
            },
          ],
        }),
      );
      const ownerChange = call(
        'POST',
        `/crm/api/request/update-tourists?request_id=${id}`,
        owner.token,
        {
          tourists: [
            { id: heavy, first_name: 'Maya', last_name: 'Hart', weight: 105 },
            { id: light, first_name: 'Ola', last_name: 'Hart', weight: 100 },
          ],
        },
      );
      const [answers, owners] = await Promise.all([Promise.all(strangers), ownerChange]);
      expect(owners.status).toBe(200);
      expect(tallyStatuses(answers)).toEqual({ 200: 20, 403: 10 });
      expect(await storedWeights(id)).toEqual([105, 100]);
      expect(await placesOf(db, date.id)).toMatchObject({ heavyFree: 0, heavySold: 2 });
    }
  }, 120_000);

  it('limits a booking’s questionnaires, since each one e-mails the organizer', async () => {
    const limited = await buildScratchApp('link_access_limit', { PUBLIC_WRITE_LIMIT: '3' });
    try {
      const date = await dateWithSeats(limited.scratch.handle.db, 10, new Set());
      const owner = await signUp(limited.app);
      const made = await book(limited.app, date, { ...owner, riders: 1 });
      expect(made.status).toBe(201);
      const [rider] = made.body.tourists as { id: number }[];
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: questionnaire(made.body.uuid as string, made.body.id as number),
          payload: { tourists: [{ id: rider!.id, first_name: `Maya${i}`, last_name: 'Hart' }] },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json()).toMatchObject({ type: 'captcha' });
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  }, 120_000);
});
