import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { publicTour } from '#src/modules/catalog/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { outbox, tourDates, tourProgramRequests, tours, users } from '#src/db/schema/index.ts';
import { openSession, signToken } from '#src/modules/sessions/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { newDatesMessage, noticeNewDates } from './followers.ts';
import { readUnfollowToken, unfollowToken } from './unfollow.ts';

let testApp: TestApp;
let db: Database;
let tour: typeof tours.$inferSelect;
let template: typeof tourDates.$inferSelect;
const added: number[] = [];
const publicUrl = 'https://gallop.example';
/** The app's FOLLOWER_SECRET, so tokens can be made and read here (decision 061). */
const SECRET = 'follower-secret-for-tests';

beforeAll(async () => {
  testApp = await buildTestApp({ FOLLOWER_SECRET: SECRET });
  db = testApp.database.db;
  // The last public tour with an upcoming date: other files' tests use the first ones.
  const [row] = await db
    .select({ tour: tours, date: tourDates })
    .from(tours)
    .innerJoin(tourDates, eq(tourDates.tourId, tours.id))
    .where(and(publicTour(), gte(tourDates.startDate, todayIso())))
    .orderBy(desc(tours.id))
    .limit(1);
  tour = row!.tour;
  template = row!.date;
});
afterAll(async () => {
  for (const id of added) await db.delete(tourDates).where(eq(tourDates.id, id));
  await testApp.close();
});

/** The access token of each address's own account (lower-cased address), made on first use. */
const owners = new Map<string, string>();

/** Signs in an account that owns `email` and confirmed it. */
async function ownerOf(email: string): Promise<string> {
  const address = email.toLowerCase();
  const known = owners.get(address);
  if (known) return known;
  const [user] = await db
    .insert(users)
    .values({ email: address, emailConfirmedAt: new Date(), firstName: 'Fol', lastName: 'Lower' })
    .returning({ id: users.id });
  const { token } = await openSession(db, user!.id);
  owners.set(address, token);
  return token;
}

/**
 * Follows the tour as the signed-in owner of `email`: at once, each call a subscription (an
 * address nobody proved confirms from its inbox first, `follow-confirmation.test.ts`).
 */
async function follow(email: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/spa/subscribe-tour-program',
    payload: { email, tour_id: tour.id, currency: 'EUR' },
    headers: { 'x-authorization': `Bearer ${await ownerOf(email)}` },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ following: true });
}

/** A new date of the tour, a year out (bookable unless `busy`). */
async function addDate(options: { busy?: boolean; offsetDays?: number } = {}) {
  const start = new Date(Date.now() + (365 + (options.offsetDays ?? 0)) * 86_400_000);
  const end = new Date(start.getTime() + (template.duration - 1) * 86_400_000);
  const { id: _id, ...copy } = template;
  const [row] = await db
    .insert(tourDates)
    .values({
      ...copy,
      startDate: start.toISOString().slice(0, 10),
      endDate: end.toISOString().slice(0, 10),
      isBusy: options.busy ?? false,
      numberOfFreeSeats: Math.max(1, template.numberOfSeats),
    })
    .returning();
  added.push(row!.id);
  return row!;
}

const noticesTo = (email: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'tour-new-dates')));

describe('followers hear about new dates (decision 058)', () => {
  it('tells a follower once about dates added after they followed, not about earlier ones', async () => {
    const email = `follower-${randomUUID()}@example.com`;
    await follow(email);
    await noticeNewDates(db, { publicUrl, secret: SECRET });
    expect(await noticesTo(email)).toHaveLength(0);

    const busy = await addDate({ busy: true });
    await noticeNewDates(db, { publicUrl, secret: SECRET });
    expect(await noticesTo(email)).toHaveLength(0);

    const fresh = await addDate({ offsetDays: 3 });
    await noticeNewDates(db, { publicUrl, secret: SECRET });
    const [notice, ...more] = await noticesTo(email);
    expect(more).toHaveLength(0);
    expect(notice!.subject).toBe(`${tour.name}: new dates are open`);
    expect(notice!.body).toContain(`${publicUrl}/${tour.slug}`);
    expect(notice!.payload).toEqual({
      tourId: tour.id,
      dateIds: [fresh.id],
      unsubscribeUrl: expect.stringContaining(`${publicUrl}/unfollow?token=`),
    });
    expect(notice!.payload).not.toMatchObject({ dateIds: [busy.id] });

    // Told already: a second round sends nothing; a later date is news again.
    await noticeNewDates(db, { publicUrl, secret: SECRET });
    expect(await noticesTo(email)).toHaveLength(1);
    await addDate({ offsetDays: 10 });
    await noticeNewDates(db, { publicUrl, secret: SECRET });
    expect(await noticesTo(email)).toHaveLength(2);
  });

  it('sends one notice per address however often it followed, even from two processes', async () => {
    const email = `twice-${randomUUID()}@example.com`;
    await follow(email);
    await follow(email.toUpperCase());
    await addDate({ offsetDays: 20 });
    await Promise.all([
      noticeNewDates(db, { publicUrl, secret: SECRET }),
      noticeNewDates(db, { publicUrl, secret: SECRET }),
    ]);
    expect(await noticesTo(email)).toHaveLength(1);
  });
});

describe('newDatesMessage', () => {
  it('lists the first five dates with prices in their currency and counts the rest', () => {
    const dates = Array.from({ length: 7 }, (_, n) => ({
      id: n + 1,
      startDate: `2027-03-${String(10 + n).padStart(2, '0')}`,
      endDate: `2027-03-${String(16 + n).padStart(2, '0')}`,
      price: 125_050,
      currency: 'EUR',
    }));
    const unfollowUrl = `${publicUrl}/unfollow?token=abc.def`;
    const { subject, body } = newDatesMessage({ name: 'Altai', slug: 'altai-7' }, dates, {
      publicUrl,
      unfollowUrl,
    });
    expect(subject).toBe('Altai: new dates are open');
    expect(body).toContain('- 10 Mar 2027 – 16 Mar 2027, €1,250.50');
    expect(body).toContain('and 2 more');
    expect(body).not.toContain('15 Mar 2027 –');
    expect(body).toContain('https://gallop.example/altai-7');
    expect(body).toContain(`Stop e-mails about this tour: ${unfollowUrl}`);
  });
});

/** The token of the last unfollow link sent to `email` (a notice, or the programme on following). */
async function lastUnfollowToken(email: string, kind: string): Promise<string> {
  const [message] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, kind)))
    .orderBy(desc(outbox.id))
    .limit(1);
  const link = /Stop e-mails about this tour: (\S+)/.exec(message?.body ?? '')?.[1];
  expect(link, `an unfollow link in the ${kind} e-mail`).toBeDefined();
  // The same link in the payload, for the SMTP transport's List-Unsubscribe (decision 060).
  expect(message?.payload.unsubscribeUrl).toBe(link);
  const url = new URL(link!);
  // Notices link to the `publicUrl` they are given; the app's own e-mails to its PUBLIC_URL.
  if (kind === 'tour-new-dates') expect(url.origin).toBe(publicUrl);
  expect(url.pathname).toBe('/unfollow');
  return url.searchParams.get('token')!;
}

async function unsubscribe(token: string, from?: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/spa/unsubscribe-tour-program',
    payload: { token },
    // As the web server forwards a visitor's call: from itself, naming the visitor.
    ...(from && { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': from } }),
  });
  return {
    status: response.statusCode,
    body: expectContractResponse(response, 'unsubscribeTourProgram') as Record<string, unknown>,
  };
}

async function following(token: string) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/spa/unsubscribe-tour-program?token=${encodeURIComponent(token)}`,
  });
  return {
    status: response.statusCode,
    body: expectContractResponse(response, 'getTourFollowing') as Record<string, unknown>,
  };
}

describe('unfollowing a tour from the link of its e-mails', () => {
  it('the link of a notice unfollows the address, and no notice follows until it follows again', async () => {
    const email = `unfollow-${randomUUID()}@example.com`;
    await follow(email);
    await follow(email.toUpperCase());
    await addDate({ offsetDays: 30 });
    await noticeNewDates(db, { publicUrl, secret: SECRET });
    const token = await lastUnfollowToken(email, 'tour-new-dates');
    expect(readUnfollowToken(SECRET, token)).toEqual({ tourId: tour.id, email });

    // Reading what the link is about changes nothing (a mail scanner may open it).
    const summary = { id: tour.id, name: tour.name, slug: tour.slug };
    expect(await following(token)).toEqual({
      status: 200,
      body: { tour: summary, email, following: true },
    });
    expect(await following(token)).toMatchObject({ body: { following: true } });

    expect(await unsubscribe(token)).toEqual({
      status: 200,
      body: { result: true, tour: summary },
    });
    // Every subscription of the tour and address, whatever its letter case.
    const rows = await db
      .select({ unsubscribedAt: tourProgramRequests.unsubscribedAt })
      .from(tourProgramRequests)
      .where(
        and(
          eq(tourProgramRequests.tourId, tour.id),
          sql`lower(${tourProgramRequests.email}) = ${email}`,
        ),
      );
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.unsubscribedAt instanceof Date)).toBe(true);
    expect(await following(token)).toMatchObject({ body: { following: false } });
    // Twice is fine: the second click of an impatient visitor.
    expect(await unsubscribe(token)).toMatchObject({ status: 200, body: { result: true } });

    await addDate({ offsetDays: 40 });
    await noticeNewDates(db, { publicUrl, secret: SECRET });
    expect(await noticesTo(email)).toHaveLength(1);

    // Following again turns the notices back on, for dates added after it.
    await follow(email);
    expect(await following(token)).toMatchObject({ body: { following: true } });
    // Its programme e-mail carries the same link.
    expect(await lastUnfollowToken(email, 'tour-program')).toBe(token);
    await addDate({ offsetDays: 50 });
    await noticeNewDates(db, { publicUrl, secret: SECRET });
    expect(await noticesTo(email)).toHaveLength(2);
  });

  it('refuses a forged, altered or foreign token with 422 and a message, never a 5xx', async () => {
    const email = `forged-${randomUUID()}@example.com`;
    const genuine = unfollowToken(SECRET, { tourId: tour.id, email });
    const [body] = genuine.split('.');
    const forged = [
      unfollowToken('another-secret-of-16-chars', { tourId: tour.id, email }),
      `${body}.${'A'.repeat(43)}`,
      `${Buffer.from(JSON.stringify({ use: 'unfollow', tour: tour.id, email: 'x@example.com' })).toString('base64url')}.${genuine.split('.')[1]}`,
      // Signed with the right secret, but for another use.
      signToken(SECRET, { use: 'call', tour: tour.id, email }),
      signToken(SECRET, { use: 'unfollow', tour: 'one', email }),
      'not-a-token',
      `${genuine}.extra`,
    ];
    for (const token of forged) {
      for (const answer of [await unsubscribe(token), await following(token)]) {
        expect(answer.status, token).toBe(422);
        expect(answer.body).toMatchObject({
          message: 'This unfollow link is not valid',
          errors: { token: [expect.any(String)] },
        });
      }
    }
    // A genuine token of a tour that does not exist: 404.
    const gone = unfollowToken(SECRET, { tourId: 2_000_000_000, email });
    expect(await unsubscribe(gone)).toMatchObject({
      status: 404,
      body: { message: 'Tour not found' },
    });
  });
});

describe('the limit on unfollowing (security probe 2026-12-07, one-click unfollow)', () => {
  const visitor = () =>
    `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const linkOf = (email = `one-click-${randomUUID()}@example.com`) =>
    unfollowToken(SECRET, { tourId: tour.id, email });

  it("unfollows 14 followers' links sent from one address (mail clients behind one server)", async () => {
    const shared = visitor();
    const statuses: number[] = [];
    for (let n = 0; n < 14; n += 1) statuses.push((await unsubscribe(linkOf(), shared)).status);
    expect(statuses).toEqual(Array<number>(14).fill(200));
  });

  it('limits bogus tokens per address before checking them, and never blocks a genuine link', async () => {
    const guesser = visitor();
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1) {
      statuses.push((await unsubscribe(`bogus-${n}.token`, guesser)).status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(422), 429]);
    expect(await unsubscribe('bogus.token', guesser)).toMatchObject({
      status: 429,
      body: { type: 'captcha' },
    });
    // A follower behind the same address, and a guess from elsewhere, go on.
    expect((await unsubscribe(linkOf(), guesser)).status).toBe(200);
    expect((await unsubscribe('bogus.token', visitor())).status).toBe(422);
  });

  it('limits one genuine link per link, wherever it is sent from', async () => {
    const token = linkOf();
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1) statuses.push((await unsubscribe(token, visitor())).status);
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    expect((await unsubscribe(linkOf(), visitor())).status).toBe(200);
  });
});
