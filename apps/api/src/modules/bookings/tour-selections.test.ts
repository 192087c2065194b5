import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  organizerMembers,
  organizers,
  tourSelections,
  tours,
  users,
} from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { publicTour } from '#src/modules/catalog/index.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { book, dateWithSeats, messagesAbout, signUp, type TourDateRow } from './testing-scratch.ts';
import { requestIdOfToken } from './tour-selections.ts';

let scratch: ScratchApp;
let db: Database;

beforeAll(async () => {
  scratch = await buildScratchApp('tour_selections', {
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL: 'http://web.test',
  });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;
const used = new Set<number>();

const auth = (token: string | undefined) =>
  token ? { 'x-authorization': `Bearer ${token}` } : undefined;

/** A traveller's request on a new date of a seeded tour. */
async function request() {
  const date = await dateWithSeats(db, 10, used, { guaranteed: false });
  const traveller = await signUp(app());
  const { status, body } = await book(app(), date, { ...traveller, riders: 1 });
  expect(status).toBe(201);
  return { date, traveller, id: body.id as number };
}

async function organizerIdOf(date: TourDateRow): Promise<number> {
  const [tour] = await db
    .select({ organizerId: tours.organizerId })
    .from(tours)
    .where(eq(tours.id, date.tourId));
  return tour!.organizerId!;
}

/** A new account made a member of `organizerId`. */
async function memberOfOrganizer(organizerId: number) {
  const member = await signUp(app());
  const [user] = await db.select().from(users).where(eq(users.email, member.email));
  await db.insert(organizerMembers).values({ organizerId, userId: user!.id });
  return member;
}

/** A new account made a member of the organizer of `date`'s tour. */
async function memberOf(date: TourDateRow) {
  return memberOfOrganizer(await organizerIdOf(date));
}

/** A new account made a member of an organizer other than that of `date`'s tour. */
async function memberOfAnotherOrganizer(date: TourDateRow) {
  const [other] = await db
    .select({ id: organizers.id })
    .from(organizers)
    .where(ne(organizers.id, await organizerIdOf(date)))
    .orderBy(organizers.id)
    .limit(1);
  return memberOfOrganizer(other!.id);
}

/** Tours with a page (`publicTour`) of the organizer of `date` (`own`) or of others. */
async function publishedTours(date: TourDateRow, own: boolean, limit = 2): Promise<number[]> {
  const organizerId = await organizerIdOf(date);
  const rows = await db
    .select({ id: tours.id })
    .from(tours)
    .where(
      and(
        publicTour(),
        own ? eq(tours.organizerId, organizerId) : ne(tours.organizerId, organizerId),
      ),
    )
    .orderBy(sql`${tours.id} desc`)
    .limit(limit);
  return rows.map((row) => row.id);
}

async function create(token: string | undefined, payload: object) {
  const response = await app().inject({
    method: 'POST',
    url: '/crm/api/tour-selection/create',
    headers: auth(token),
    payload,
  });
  return {
    status: response.statusCode,
    body: expectContractResponse(response, 'createTourSelection') as Json,
  };
}

async function open(token: string) {
  const response = await app().inject({
    url: `/spa/tour-selection?token=${encodeURIComponent(token)}`,
  });
  return {
    status: response.statusCode,
    body: expectContractResponse(response, 'getTourSelection') as Json,
  };
}

describe('tour selections', () => {
  it('lets the organizer select its tours and the traveller open them by the link token', async () => {
    const { date, id } = await request();
    const member = await memberOf(date);
    const own = await publishedTours(date, true);
    const created = await create(member.token, {
      request_id: id,
      tour_ids: [...own].reverse(),
      comment: '  Your dates are full: these ride the same valleys.  ',
    });
    expect(created.status).toBe(201);
    const token = created.body.token as string;
    expect(token).toMatch(new RegExp(`^${id}-[A-Za-z0-9_-]{32}$`));
    expect(requestIdOfToken(token)).toBe(id);
    expect(created.body.url).toBe(
      `http://web.test/tour-selection?tour-selection-token=${encodeURIComponent(token)}`,
    );
    expect(created.body).toMatchObject({
      request_id: id,
      selected_by: 'organizer',
      comment: 'Your dates are full: these ride the same valleys.',
    });
    expect(created.body.items.map((item: Json) => item.id)).toEqual([...own].reverse());

    const opened = await open(token);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ token, request_id: id, selected_by: 'organizer' });
    expect(opened.body.items.map((item: Json) => item.tour.id)).toEqual([...own].reverse());
    expect(typeof opened.body.request_tour_name).toBe('string');
    expect(opened.body).not.toHaveProperty('url');

    // Only the token's hash is kept; the traveller got the link by e-mail.
    const [row] = await db.select().from(tourSelections).where(eq(tourSelections.requestId, id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // The secret is all after the first '-' (it may hold '-' itself, being base64url).
    expect(JSON.stringify(row)).not.toContain(token.slice(token.indexOf('-') + 1));
    const [mail] = await messagesAbout(db, id, 'tour-selection');
    expect(mail!.body).toContain(created.body.url);
  }, 120_000);

  it('keeps a request hidden from anyone but its organizer and support', async () => {
    const { date, id, traveller } = await request();
    const own = await publishedTours(date, true, 1);
    const body = { request_id: id, tour_ids: own };
    expect((await create(undefined, body)).status).toBe(401);
    // The traveller, another organizer's member, and a request that does not exist: 404.
    expect((await create(traveller.token, body)).status).toBe(404);
    expect((await create((await memberOfAnotherOrganizer(date)).token, body)).status).toBe(404);
    const member = await memberOf(date);
    expect((await create(member.token, { ...body, request_id: 2_000_000_000 })).status).toBe(404);
  }, 120_000);

  it("refuses an organizer's pick of another organizer's or an unpublished tour, naming it", async () => {
    const { date, id } = await request();
    const member = await memberOf(date);
    const [foreign] = await publishedTours(date, false, 1);
    const refused = await create(member.token, { request_id: id, tour_ids: [foreign] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.tour_ids[0]).toContain(String(foreign));

    // Support picks among every published tour, not unpublished ones.
    const agent = await signUp(app());
    await db.update(users).set({ role: 'support' }).where(eq(users.email, agent.email));
    const bySupport = await create(agent.token, { request_id: id, tour_ids: [foreign] });
    expect(bySupport.status).toBe(201);
    expect(bySupport.body).toMatchObject({
      selected_by: 'support',
      selected_by_name: 'Gallop support',
    });
    const [hidden] = await db
      .select({ id: tours.id })
      .from(tours)
      .where(eq(tours.isPublished, false))
      .limit(1);
    expect((await create(agent.token, { request_id: id, tour_ids: [hidden!.id] })).status).toBe(
      422,
    );
  }, 120_000);

  it('answers 404 for an unknown token and 400 for one of the wrong form', async () => {
    const { date, id } = await request();
    const member = await memberOf(date);
    const created = await create(member.token, {
      request_id: id,
      tour_ids: await publishedTours(date, true, 1),
    });
    const secret = (created.body.token as string).slice(String(id).length + 1);
    // The right secret under another request id opens nothing.
    expect((await open(`${id + 1}-${secret}`)).status).toBe(404);
    expect((await open(`${id}-${'x'.repeat(32)}`)).status).toBe(404);
    for (const bad of ['abc', `${id}`, `0-${secret}`, `${id}-short`, `${id}-${secret}!`]) {
      expect((await open(bad)).status, bad).toBe(400);
    }
    const missing = await app().inject({ url: '/spa/tour-selection' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('message');
  }, 120_000);
});

describe('selections made at once', () => {
  it('keep each its own token, tours in their order and e-mail, organizer and support alike', async () => {
    const RACERS = 8;
    const { date, id } = await request();
    const member = await memberOf(date);
    const agent = await signUp(app());
    await db.update(users).set({ role: 'support' }).where(eq(users.email, agent.email));
    const own = await publishedTours(date, true, 3);
    // Each racer picks the organizer's tours in an order of its own.
    const picks = Array.from({ length: RACERS }, (_, n) =>
      own.map((_, i) => own[(i + n) % own.length]!),
    );
    const made = await Promise.all(
      picks.map((tourIds, n) =>
        create(n % 2 === 0 ? member.token : agent.token, { request_id: id, tour_ids: tourIds }),
      ),
    );
    expect(made.map((answer) => answer.status)).toEqual(Array(RACERS).fill(201));
    const tokens = made.map((answer) => answer.body.token as string);
    expect(new Set(tokens).size).toBe(RACERS);

    const opened = await Promise.all(tokens.map((token) => open(token)));
    opened.forEach((answer, n) => {
      expect(answer.status).toBe(200);
      expect(answer.body.selected_by).toBe(n % 2 === 0 ? 'organizer' : 'support');
      expect(answer.body.items.map((item: Json) => item.tour.id)).toEqual(picks[n]);
    });
    const rows = await db.select().from(tourSelections).where(eq(tourSelections.requestId, id));
    expect(rows).toHaveLength(RACERS);
    const mails = await messagesAbout(db, id, 'tour-selection');
    expect(mails.map((mail) => (mail.payload as { link: string }).link).sort()).toEqual(
      made.map((answer) => answer.body.url as string).sort(),
    );
  }, 120_000);
});

/**
 * A hidden organizer's tours answer no traveller (decision 194): a selection does not offer them.
 * This file's database is its own (a scratch one), so hiding an organizer here touches no other
 * file's catalogue; each test shows again what it hid.
 */
describe("a hidden organizer's tours in selections", () => {
  const setOrganizerShown = (id: number, shown: boolean) =>
    db.update(organizers).set({ isPublishedOnSite: shown }).where(eq(organizers.id, id));

  async function organizerOfTour(tourId: number): Promise<number> {
    const [tour] = await db
      .select({ organizerId: tours.organizerId })
      .from(tours)
      .where(eq(tours.id, tourId));
    return tour!.organizerId!;
  }

  async function support() {
    const agent = await signUp(app());
    await db.update(users).set({ role: 'support' }).where(eq(users.email, agent.email));
    return agent;
  }

  const selectionsOf = (requestId: number) =>
    db.select().from(tourSelections).where(eq(tourSelections.requestId, requestId));

  it('are refused with a 422 naming why, to support and to their own organizer alike', async () => {
    const { date, id } = await request();
    const [foreign] = await publishedTours(date, false, 1);
    const foreignOrganizer = await organizerOfTour(foreign!);
    const own = await publishedTours(date, true, 1);
    const ownOrganizer = await organizerIdOf(date);
    const agent = await support();
    const member = await memberOf(date);
    try {
      await setOrganizerShown(foreignOrganizer, false);
      const bySupport = await create(agent.token, { request_id: id, tour_ids: [foreign] });
      expect(bySupport.status).toBe(422);
      expect(bySupport.body.message).toBe(
        `Only tours a traveller can open can be selected; not: ${foreign} (its organizer is hidden)`,
      );
      expect(bySupport.body.errors.tour_ids).toEqual([bySupport.body.message]);

      // The request's own organizer, hidden: none of its tours can be offered any more.
      await setOrganizerShown(ownOrganizer, false);
      const byOrganizer = await create(member.token, { request_id: id, tour_ids: own });
      expect(byOrganizer.status).toBe(422);
      expect(byOrganizer.body.message).toBe(
        `Only your own published tours can be selected; not: ${own[0]} (your organizer is hidden)`,
      );
      // Nothing was stored nor e-mailed.
      expect(await selectionsOf(id)).toHaveLength(0);
      expect(await messagesAbout(db, id, 'tour-selection')).toHaveLength(0);
    } finally {
      await setOrganizerShown(foreignOrganizer, true);
      await setOrganizerShown(ownOrganizer, true);
    }
    // Shown again, the same picks are taken.
    expect((await create(agent.token, { request_id: id, tour_ids: [foreign] })).status).toBe(201);
    expect((await create(member.token, { request_id: id, tour_ids: own })).status).toBe(201);
  }, 120_000);

  it('leave a selection made before while hidden, and come back when shown', async () => {
    const { date, id } = await request();
    const [foreign] = await publishedTours(date, false, 1);
    const foreignOrganizer = await organizerOfTour(foreign!);
    const own = await publishedTours(date, true, 1);
    const created = await create((await support()).token, {
      request_id: id,
      tour_ids: [foreign, ...own],
    });
    expect(created.status).toBe(201);
    const token = created.body.token as string;
    const shownIds = async () =>
      (await open(token)).body.items.map((item: Json) => item.tour.id) as number[];
    expect(await shownIds()).toEqual([foreign, ...own]);
    try {
      await setOrganizerShown(foreignOrganizer, false);
      expect(await shownIds()).toEqual(own);
    } finally {
      await setOrganizerShown(foreignOrganizer, true);
    }
    expect(await shownIds()).toEqual([foreign, ...own]);
  }, 120_000);
});
