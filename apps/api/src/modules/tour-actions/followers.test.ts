import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { outbox, tourDates, tours } from '#src/db/schema/index.ts';
import { todayIso } from '#src/modules/catalog/tour-card.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { newDatesMessage, noticeNewDates } from './followers.ts';

let testApp: TestApp;
let db: Database;
let tour: typeof tours.$inferSelect;
let template: typeof tourDates.$inferSelect;
const added: number[] = [];
const publicUrl = 'https://gallop.example';

beforeAll(async () => {
  testApp = await buildTestApp();
  db = testApp.database.db;
  // The last published tour with an upcoming date: other files' tests use the first ones.
  const [row] = await db
    .select({ tour: tours, date: tourDates })
    .from(tours)
    .innerJoin(tourDates, eq(tourDates.tourId, tours.id))
    .where(and(eq(tours.isPublished, true), gte(tourDates.startDate, todayIso())))
    .orderBy(desc(tours.id))
    .limit(1);
  tour = row!.tour;
  template = row!.date;
});
afterAll(async () => {
  for (const id of added) await db.delete(tourDates).where(eq(tourDates.id, id));
  await testApp.close();
});

async function follow(email: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/spa/subscribe-tour-program',
    payload: { email, tour_id: tour.id, currency: 'EUR' },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  expect(response.statusCode).toBe(200);
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
    await noticeNewDates(db, { publicUrl });
    expect(await noticesTo(email)).toHaveLength(0);

    const busy = await addDate({ busy: true });
    await noticeNewDates(db, { publicUrl });
    expect(await noticesTo(email)).toHaveLength(0);

    const fresh = await addDate({ offsetDays: 3 });
    await noticeNewDates(db, { publicUrl });
    const [notice, ...more] = await noticesTo(email);
    expect(more).toHaveLength(0);
    expect(notice!.subject).toBe(`${tour.name}: new dates are open`);
    expect(notice!.body).toContain(`${publicUrl}/${tour.slug}`);
    expect(notice!.payload).toEqual({ tourId: tour.id, dateIds: [fresh.id] });
    expect(notice!.payload).not.toMatchObject({ dateIds: [busy.id] });

    // Told already: a second round sends nothing; a later date is news again.
    await noticeNewDates(db, { publicUrl });
    expect(await noticesTo(email)).toHaveLength(1);
    await addDate({ offsetDays: 10 });
    await noticeNewDates(db, { publicUrl });
    expect(await noticesTo(email)).toHaveLength(2);
  });

  it('sends one notice per address however often it followed, even from two processes', async () => {
    const email = `twice-${randomUUID()}@example.com`;
    await follow(email);
    await follow(email.toUpperCase());
    await addDate({ offsetDays: 20 });
    await Promise.all([noticeNewDates(db, { publicUrl }), noticeNewDates(db, { publicUrl })]);
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
    const { subject, body } = newDatesMessage({ name: 'Altai', slug: 'altai-7' }, dates, publicUrl);
    expect(subject).toBe('Altai: new dates are open');
    expect(body).toContain('- 10 Mar 2027 – 16 Mar 2027, €1,250.50');
    expect(body).toContain('and 2 more');
    expect(body).not.toContain('15 Mar 2027 –');
    expect(body).toContain('https://gallop.example/altai-7');
  });
});
