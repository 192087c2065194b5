/**
 * The minimum group (decision 111): a not-guaranteed date with `min_riders` becomes guaranteed
 * in the booking's transaction that brings its riders booked to the minimum; the requests waiting
 * on it are confirmed (1 → 2) and everyone booked on it is told once. On PostgreSQL (CI) the
 * bookings really overlap; on PGlite they run one after another and the same assertions hold.
 * The group counts riders of proven holders only (`unproven-minimum.test.ts`), so the groups here
 * are booked by signed-in travellers whose e-mail is confirmed.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingRequests, chatMessages, tourDates, tours } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { scratchAppForFile } from '#src/testing/scratch-database.ts';
import { signedUser } from '#src/testing/signed-user.ts';
import {
  book,
  dateWithSeats,
  messagesAbout,
  messagesOfDate,
  seatsOf,
  signUp,
  tallyStatuses,
  type TourDateRow,
  uniqueEmail,
} from './testing-scratch.ts';

const { app, db } = scratchAppForFile('group_minimum', {
  PUBLIC_WRITE_LIMIT: '1000000',
  PUBLIC_URL: 'http://web.test',
  BOOKING_LINK_SECRET: 'booking-link-secret-for-tests',
});
const used = new Set<number>();
const onPostgres = testDatabaseKind() === 'postgres';
const auth = (token: string) => ({ 'x-authorization': `Bearer ${token}` });

async function dateOf(id: number) {
  const [date] = await db().select().from(tourDates).where(eq(tourDates.id, id));
  return date!;
}

async function bookingsOn(dateId: number) {
  return db()
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.tourDateId, dateId))
    .orderBy(bookingRequests.id);
}

/** The outbox's messages of `kind` about the date `dateId`. */
const dateMessages = (dateId: number, kind: string) => messagesOfDate(db(), dateId, kind);

/** The date as the tour page answers it. */
async function shownDate(date: TourDateRow): Promise<Json> {
  const [tour] = await db()
    .select({ slug: tours.slug })
    .from(tours)
    .where(eq(tours.id, date.tourId));
  const response = await app().inject({ url: `/spa/tour?slug=${tour!.slug}&format=short` });
  expect(response.statusCode).toBe(200);
  const dates = (response.json() as { dates: Json[] }).dates;
  return dates.find((item) => item.id === date.id)!;
}

const tally = tallyStatuses;

describe('the minimum group of a not-guaranteed date', () => {
  it('waits below the minimum and answers the meter on the tour page', async () => {
    const date = await dateWithSeats(db(), 10, used, { guaranteed: false, minRiders: 4 });
    await db()
      .update(tourDates)
      .set({ decisionDate: '2099-03-12' })
      .where(eq(tourDates.id, date.id));
    const made = await book(app(), date, { ...(await signUp(app())), riders: 3 });
    expect(made.status).toBe(201);
    expect(made.body.status).toBe(1);
    expect((await dateOf(date.id)).notGuaranteed).toBe(true);
    expect(await dateMessages(date.id, 'organizer-date-guaranteed')).toHaveLength(0);
    expect(await shownDate(date)).toMatchObject({
      not_guaranteed: true,
      min_riders: 4,
      riders_booked: 3,
      decision_date: '2099-03-12',
    });
  });

  it('guarantees the date when a booking reaches it: the waiting requests are confirmed and told once', async () => {
    const date = await dateWithSeats(db(), 10, used, { guaranteed: false, minRiders: 4 });
    const first = await signUp(app());
    const waiting = await book(app(), date, { ...first, riders: 2 });
    expect(waiting.body.status).toBe(1);
    const second = await signUp(app());
    const reaching = await book(app(), date, { ...second, riders: 2 });
    expect(reaching.status).toBe(201);
    // The booking that completed the group is confirmed in its own answer.
    expect(reaching.body.status).toBe(2);

    const guaranteed = await dateOf(date.id);
    expect(guaranteed.notGuaranteed).toBe(false);
    const rows = await bookingsOn(date.id);
    expect(rows.map((row) => row.status)).toEqual([2, 2]);
    for (const row of rows) {
      // As the organizer's confirmation: no answer awaited, the hold to pay starts now.
      expect(row.respondBy).toBeNull();
      expect(row.holdUntil).not.toBeNull();
      const told = await messagesAbout(db(), row.id, 'date-guaranteed');
      expect(told).toHaveLength(1);
      expect(told[0]!.subject).toMatch(/^Your ride on \d{1,2} \w+ \d{4} is guaranteed/);
      expect(told[0]!.body).toContain('is guaranteed: the group reached its minimum of 4 riders');
      const chat = await db()
        .select()
        .from(chatMessages)
        .where(
          and(eq(chatMessages.requestId, row.id), sql`${chatMessages.body} like '%is guaranteed%'`),
        );
      expect(chat).toHaveLength(1);
    }
    const organizer = await dateMessages(date.id, 'organizer-date-guaranteed');
    expect(organizer).toHaveLength(1);
    expect(organizer[0]!.body).toContain(`#${rows[0]!.id}`);
    expect(organizer[0]!.body).toContain(`#${rows[1]!.id}`);
    // The booking that completed the group is told once, and so is its organizer: each e-mail
    // tells the new booking and the guarantee together.
    const reachingId = reaching.body.id as number;
    expect(await messagesAbout(db(), reachingId, 'booking-received')).toHaveLength(0);
    const [merged] = await messagesAbout(db(), reachingId, 'date-guaranteed');
    expect(merged!.body).toContain(`We have your booking request #${reachingId}`);
    expect(merged!.body).toMatch(/Booking #\d+ is confirmed: pay the (prepayment|full price), /);
    expect(await messagesAbout(db(), reachingId, 'booking-for-organizer')).toHaveLength(0);
    expect(organizer[0]!.subject).toMatch(
      new RegExp(`^New booking #${reachingId}, the ride on \\d{1,2} \\w+ \\d{4} is guaranteed: `),
    );
    expect(organizer[0]!.body).toContain('Riders:\n- Maya Hart: ');
    expect(organizer[0]!.body).toContain(`/partner/bookings/${reachingId}`);
    expect(organizer[0]!.body).not.toContain('/partner/answer');
    // The request made before waited, and was told so when it was made.
    expect(await messagesAbout(db(), rows[0]!.id, 'booking-received')).toHaveLength(1);
    expect(await shownDate(date)).toMatchObject({
      not_guaranteed: false,
      min_riders: null,
      riders_booked: 4,
      decision_date: null,
    });

    // A later booking is confirmed at once, as on any guaranteed date; nobody is told again.
    const later = await book(app(), date, { email: uniqueEmail('later') });
    expect(later.body.status).toBe(2);
    expect(await dateMessages(date.id, 'organizer-date-guaranteed')).toHaveLength(1);
    expect(await messagesAbout(db(), later.body.id as number, 'date-guaranteed')).toHaveLength(0);

    // Cancelling below the minimum does not take the guarantee back.
    const cancelled = await app().inject({
      method: 'POST',
      url: '/crm/api/request/cancel',
      headers: auth(second.token),
      payload: { id: reaching.body.id },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await dateOf(date.id)).notGuaranteed).toBe(false);
  });

  it('guarantees the date when added riders reach the minimum, told in the change itself', async () => {
    const date = await dateWithSeats(db(), 10, used, { guaranteed: false, minRiders: 4 });
    const other = await book(app(), date, { ...(await signUp(app())), riders: 1 });
    expect(other.body.status).toBe(1);
    const owner = await signUp(app());
    const made = await book(app(), date, { ...owner, riders: 1 });
    expect(made.body.status).toBe(1);
    const tourists = made.body.tourists as Json[];
    const changed = await app().inject({
      method: 'POST',
      url: `/crm/api/request/update-tourists?request_id=${made.body.id as number}`,
      headers: auth(owner.token),
      payload: {
        tourists: [
          { id: tourists[0]!.id, first_name: 'Maya', last_name: 'Hart' },
          { first_name: 'Ava', last_name: 'Hart' },
          { first_name: 'Lee', last_name: 'Hart' },
        ],
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as Json).status).toBe(2);
    expect((await dateOf(date.id)).notGuaranteed).toBe(false);
    // One e-mail for the one moment: the rider change tells the guarantee it brought, to its
    // traveller and to the organizer (the guarantee's kinds, as a new booking's e-mails are);
    // the other traveller on the date hears of it on its own.
    const madeId = made.body.id as number;
    expect(await messagesAbout(db(), madeId, 'booking-riders-changed')).toHaveLength(0);
    const [changeMail, ...moreChangeMails] = await messagesAbout(db(), madeId, 'date-guaranteed');
    expect(moreChangeMails).toHaveLength(0);
    expect(changeMail!.subject).toMatch(
      new RegExp(
        `^Riders of booking #${madeId} changed; your ride on \\d{1,2} \\w+ \\d{4} is guaranteed: `,
      ),
    );
    expect(changeMail!.body).toContain('2 riders added: Ava Hart, Lee Hart');
    expect(changeMail!.body).toContain('is guaranteed: the group reached its minimum of 4 riders');
    expect(changeMail!.body).toMatch(
      /Booking #\d+ is confirmed: pay the (prepayment|full price), /,
    );
    expect(await messagesAbout(db(), madeId, 'organizer-booking-notice')).toHaveLength(0);
    const organizerMails = await dateMessages(date.id, 'organizer-date-guaranteed');
    expect(organizerMails).toHaveLength(1);
    expect(organizerMails[0]!.body).toContain('The traveller changed the riders');
    expect(organizerMails[0]!.body).toContain(
      'reached its minimum of 4 riders, so it is guaranteed',
    );
    expect(organizerMails[0]!.body).toContain(`#${other.body.id as number} `);
    expect(await messagesAbout(db(), other.body.id as number, 'date-guaranteed')).toHaveLength(1);
  });

  it('leaves a guaranteed date, and a date without a minimum, as they are', async () => {
    const guaranteed = await dateWithSeats(db(), 10, used, { minRiders: 2 });
    const onGuaranteed = await book(app(), guaranteed, { email: uniqueEmail('g'), riders: 3 });
    expect(onGuaranteed.body.status).toBe(2);
    expect(await dateMessages(guaranteed.id, 'organizer-date-guaranteed')).toHaveLength(0);
    expect(await messagesAbout(db(), onGuaranteed.body.id as number, 'date-guaranteed')).toEqual(
      [],
    );

    const undecided = await dateWithSeats(db(), 10, used, { guaranteed: false });
    const full = await book(app(), undecided, { email: uniqueEmail('u'), riders: 6 });
    expect(full.body.status).toBe(1);
    expect((await dateOf(undecided.id)).notGuaranteed).toBe(true);
  });
});

describe('the minimum group under concurrency', () => {
  const rounds = onPostgres ? 3 : 1;

  it(`40 one-rider bookings at once on a date of minimum 4, ${rounds} rounds: one guarantee`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const date = await dateWithSeats(db(), 80, used, { guaranteed: false, minRiders: 4 });
      // Proven travellers: their riders count towards the group.
      const travellers = await Promise.all(Array.from({ length: 40 }, () => signedUser(db())));
      const answers = await Promise.all(
        travellers.map((traveller) => book(app(), date, traveller)),
      );
      expect(tally(answers)).toEqual({ 201: 40 });
      expect((await dateOf(date.id)).notGuaranteed).toBe(false);
      // The date flipped once: one e-mail to its organizer.
      expect(await dateMessages(date.id, 'organizer-date-guaranteed')).toHaveLength(1);
      const rows = await bookingsOn(date.id);
      expect(rows).toHaveLength(40);
      // Nobody is left waiting on a guaranteed date.
      expect(rows.filter((row) => row.status !== 2)).toEqual([]);
      // The date's lock orders the bookings: the first four made the group and were told, each
      // once; the rest were confirmed at once as on any guaranteed date.
      const told = await dateMessages(date.id, 'date-guaranteed');
      const toldIds = told.map((message) => (message.payload as { requestId: number }).requestId);
      expect(toldIds.sort((a, b) => a - b)).toEqual(rows.slice(0, 4).map((row) => row.id));
      // Each of the four was confirmed by the guarantee: its received e-mail said it waited.
      for (const row of rows.slice(0, 3)) {
        expect(row.respondBy).toBeNull();
      }
    }
  }, 240_000);

  // A cancel or a rider change locks its booking and then the date; the booking that reaches the
  // minimum holds the date and then locks every booking on it. Both must take the date first, or
  // PostgreSQL breaks the cycle by failing one of them (40P01, a 500 to the traveller).
  it(`cancels and rider changes racing the guarantee, ${rounds * 2} rounds: no failure, seats add up`, async () => {
    for (let round = 0; round < rounds * 2; round += 1) {
      const date = await dateWithSeats(db(), 60, used, { guaranteed: false, minRiders: 8 });
      const owners = await Promise.all(Array.from({ length: 6 }, () => signUp(app())));
      const waiting: { status: number; body: Json }[] = [];
      for (const owner of owners) waiting.push(await book(app(), date, { ...owner }));
      expect(waiting.map((made) => made.body.status)).toEqual([1, 1, 1, 1, 1, 1]);
      const cancels = owners.slice(0, 3).map((owner, i) =>
        app().inject({
          method: 'POST',
          url: '/crm/api/request/cancel',
          headers: auth(owner.token),
          payload: { id: waiting[i]!.body.id },
        }),
      );
      const changes = owners.slice(3).map((owner, i) => {
        const made = waiting[3 + i]!.body;
        const [first] = made.tourists as Json[];
        return app().inject({
          method: 'POST',
          url: `/crm/api/request/update-tourists?request_id=${made.id as number}`,
          headers: auth(owner.token),
          payload: {
            tourists: [
              { id: first!.id, first_name: 'Maya', last_name: 'Hart' },
              { first_name: 'Ava', last_name: 'Hart' },
            ],
          },
        });
      });
      const racing = await Promise.all(Array.from({ length: 6 }, () => signedUser(db())));
      const bookings = racing.map((traveller) => book(app(), date, traveller));
      const [cancelled, changed, booked] = await Promise.all([
        Promise.all(cancels),
        Promise.all(changes),
        Promise.all(bookings),
      ]);
      expect(tally(cancelled.map((r) => ({ status: r.statusCode })))).toEqual({ 200: 3 });
      expect(tally(changed.map((r) => ({ status: r.statusCode })))).toEqual({ 200: 3 });
      expect(tally(booked)).toEqual({ 201: 6 });
      // 3 riders left + 3 added + 6 new: 12 riders booked, the minimum of 8 reached at some point.
      const seats = await seatsOf(db(), date.id);
      expect(seats).toEqual({ capacity: 60, free: 48, sold: 12 });
      expect((await dateOf(date.id)).notGuaranteed).toBe(false);
      const live = (await bookingsOn(date.id)).filter((row) => row.status <= 3);
      expect(live.filter((row) => row.status !== 2)).toEqual([]);
      expect(await dateMessages(date.id, 'organizer-date-guaranteed')).toHaveLength(1);
    }
  }, 240_000);
});
