import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  individualTours,
  tourDates,
  tours,
  userFavouriteTours,
} from '#src/db/schema/index.ts';
import { chatAccount, type Role } from '#src/modules/chat/testing.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller } from '#src/testing/call.ts';

let testApp: TestApp;
let db: Database;
let uploadsDir: string;

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'gallop-private-tour-'));
  testApp = await buildTestApp({ UPLOADS_DIR: uploadsDir });
  db = testApp.database.db;
});
const offerIds: string[] = [];
afterAll(async () => {
  // The seeded catalogue is shared on PostgreSQL: undo what these tests added to it.
  if (offerIds.length > 0) {
    await db.delete(individualTours).where(inArray(individualTours.uuid, offerIds));
  }
  await testApp.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

const call = contractCaller(() => testApp.app);

/** A published tour with upcoming dates, and an individual offer made for it. */
async function tourWithOffer() {
  const [tour] = await db
    .select({ id: tours.id, organizerId: tours.organizerId, slug: tours.slug })
    .from(tours)
    .where(and(eq(tours.isPublished, true), gt(tours.nextStartDate, sql`current_date`)))
    .orderBy(asc(tours.id))
    .limit(1);
  if (!tour) throw new Error('the seed has no tour with upcoming dates');
  const uuid = randomUUID();
  offerIds.push(uuid);
  await db.insert(individualTours).values({
    uuid,
    tourId: tour.id,
    clientName: 'Zoë Ångström',
    note: 'Prefers a calm horse; vegetarian meals.',
    startDate: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10),
    price: 123_400,
    currency: 'EUR',
  });
  return { ...tour, uuid };
}

const account = (role: Role, organizerId?: number) => chatAccount(db, role, organizerId);

describe('GET /spa/tour-private-data (getTourPrivateData)', () => {
  it('answers 401 signed out and 404 for an unknown tour', async () => {
    const { id } = await tourWithOffer();
    expect(
      (await call('getTourPrivateData', 'GET', `/spa/tour-private-data?id=${id}`)).status,
    ).toBe(401);
    const { token } = await account('client');
    const unknown = await call(
      'getTourPrivateData',
      'GET',
      '/spa/tour-private-data?id=2147483000',
      {
        token,
      },
    );
    expect(unknown.status).toBe(404);
  });

  it('gives a client their favourite state, request and whether they may review', async () => {
    const { id } = await tourWithOffer();
    const { user, token } = await account('client');
    const fresh = await call('getTourPrivateData', 'GET', `/spa/tour-private-data?id=${id}`, {
      token,
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({
      is_favourite: false,
      request_id: null,
      chat_id: null,
      can_review: false,
    });

    await db.insert(userFavouriteTours).values({ userId: user.id, tourId: id });
    const [date] = await db.select().from(tourDates).where(eq(tourDates.tourId, id)).limit(1);
    const [done] = await db
      .insert(bookingRequests)
      .values({
        userId: user.id,
        tourId: id,
        tourDateId: date!.id,
        status: 4,
        currency: date!.currency,
        price: date!.price,
        seats: 1,
        contactName: 'Maya Hart',
        contactEmail: user.email!,
        contactPhone: '+14155550199',
      })
      .returning();
    const after = await call('getTourPrivateData', 'GET', `/spa/tour-private-data?id=${id}`, {
      token,
    });
    expect(after.body).toEqual({
      is_favourite: true,
      request_id: done!.id,
      chat_id: null,
      can_review: true,
    });

    // Someone else's context ids are not echoed back.
    const other = await account('client');
    const foreign = await call(
      'getTourPrivateData',
      'GET',
      `/spa/tour-private-data?id=${id}&request_id=${done!.id}`,
      { token: other.token },
    );
    expect(foreign.body['request_id']).toBeNull();
    expect(foreign.body['can_review']).toBe(false);
  });

  it('hides an unpublished tour from clients but not from its staff', async () => {
    // A hidden copy of a seeded tour (the seeded ones stay as they are for the other tests).
    const [source] = await db.select().from(tours).orderBy(asc(tours.id)).limit(1);
    const { id: _id, ...fields } = source!;
    const [hidden] = await db
      .insert(tours)
      .values({ ...fields, slug: `hidden-${randomUUID()}`, isPublished: false })
      .returning();
    try {
      const client = await account('client');
      const member = await account('organizer', hidden!.organizerId);
      const url = `/spa/tour-private-data?id=${hidden!.id}`;
      expect((await call('getTourPrivateData', 'GET', url, { token: client.token })).status).toBe(
        404,
      );
      expect((await call('getTourPrivateData', 'GET', url, { token: member.token })).status).toBe(
        200,
      );
    } finally {
      await db.delete(tours).where(eq(tours.id, hidden!.id));
    }
  });
});

describe('GET /spa/tour-private-variants-data (getTourPrivateVariantsData)', () => {
  it('shows every variant with the individual offers to members and support only', async () => {
    const { id, organizerId } = await tourWithOffer();
    const url = `/spa/tour-private-variants-data?id=${id}`;
    expect((await call('getTourPrivateVariantsData', 'GET', url)).status).toBe(401);
    for (const role of ['client', 'organizer'] as const) {
      // An organizer account of another organizer is no member of this one.
      const outsider = await account(role);
      const answer = await call('getTourPrivateVariantsData', 'GET', url, {
        token: outsider.token,
      });
      expect(answer.status, role).toBe(404);
    }
    for (const viewer of [await account('organizer', organizerId), await account('support')]) {
      const answer = await call('getTourPrivateVariantsData', 'GET', url, {
        token: viewer.token,
        currency: 'EUR',
      });
      expect(answer.status).toBe(200);
      expect(answer.body['tour_id']).toBe(id);
      const variants = answer.body['variants'] as { id: number; price: number; start: string }[];
      const offer = variants.find((variant) => variant.id === 0);
      expect(offer, 'the individual offer is a variant').toBeDefined();
      expect(offer!.price).toBe(1234);
      expect(variants.length).toBeGreaterThan(1);
      const starts = variants.map((variant) => variant.start);
      expect([...starts].sort()).toEqual(starts);
    }
  });
});

describe('private tour-program PDF (generate / get)', () => {
  it('renders a real PDF with the private offers for staff, and refuses everybody else', async () => {
    const { id, organizerId } = await tourWithOffer();
    const generateUrl = `/spa/private-generate-tour-program-pdf?id=${id}&is_individual=1`;
    expect((await call('generatePrivateTourProgramPdf', 'GET', generateUrl)).status).toBe(401);
    const client = await account('client');
    expect(
      (await call('generatePrivateTourProgramPdf', 'GET', generateUrl, { token: client.token }))
        .status,
    ).toBe(404);

    const member = await account('organizer', organizerId);
    const generated = await call('generatePrivateTourProgramPdf', 'GET', generateUrl, {
      token: member.token,
    });
    expect(generated.status).toBe(200);
    expect(generated.body['ready']).toBe(true);
    const url = generated.body['url'] as string;
    expect(url).toMatch(/^\/uploads\/files\/[A-Za-z0-9_-]{24}\/.+-programme-individual\.pdf$/);

    const served = await testApp.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    const bytes = served.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(2_000);
    // The TTF is embedded (a subset of DejaVu Sans), not one of the built-in fonts.
    expect(bytes.toString('latin1')).toContain('DejaVuSans');

    // Stored in the uploads store (content-addressed), not kept in memory.
    const stored = await readdir(path.join(uploadsDir, 'objects'), { recursive: true });
    expect(stored.length).toBeGreaterThan(0);

    const support = await account('support');
    const got = await call(
      'getPrivateTourProgramPdf',
      'GET',
      `/spa/private-tour-program-pdf?id=${id}`,
      {
        token: support.token,
      },
    );
    expect(got.status).toBe(200);
    expect(got.body['url']).toBe(url);
    expect(
      (
        await call('getPrivateTourProgramPdf', 'GET', `/spa/private-tour-program-pdf?id=${id}`, {
          token: client.token,
        })
      ).status,
    ).toBe(404);
  });

  it('generates the plain programme on first read', async () => {
    const [tour] = await db
      .select({ id: tours.id, organizerId: tours.organizerId })
      .from(tours)
      .orderBy(sql`${tours.id} desc`)
      .limit(1);
    const support = await account('support');
    const got = await call(
      'getPrivateTourProgramPdf',
      'GET',
      `/spa/private-tour-program-pdf?id=${tour!.id}`,
      {
        token: support.token,
      },
    );
    expect(got.status).toBe(200);
    expect(got.body['url']).toMatch(/-programme\.pdf$/);
    const served = await testApp.app.inject({ method: 'GET', url: got.body['url'] as string });
    expect(served.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });
});
