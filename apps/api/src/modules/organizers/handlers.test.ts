import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { countries, organizers } from '#src/db/schema/index.ts';
// The content module's test helpers (error answers, one app per file) serve here too.
import { expectContractError, useTestApp } from '#src/modules/content/testing.ts';
import { expectContractResponse } from '#src/testing/contract.ts';

type OrganizerRow = typeof organizers.$inferSelect;

interface OrganizerBody {
  id: number;
  name: string;
  type: string;
  country?: { id: number; name: string };
  description?: string | null;
  is_email_verified?: boolean;
  is_phone_verified?: boolean;
  is_passport_verified?: boolean;
  messengers?: unknown;
  images?: { image: string }[];
  avatar?: { image: string };
  rating?: number | null;
  reviews_count?: number;
}
interface HubBody {
  items: OrganizerBody[];
  pagination: { page: number; per_page: number; total: number; page_count: number };
}

const shared = useTestApp();
let db: Database;
beforeAll(() => {
  db = shared.db;
});

const get = (url: string) => shared.get(url);

async function publishedOrganizer(): Promise<OrganizerRow> {
  const [row] = await db
    .select()
    .from(organizers)
    .where(sql`${organizers.isPublishedOnSite} and ${organizers.countryId} is not null`)
    .orderBy(asc(organizers.id))
    .limit(1);
  if (!row) throw new Error('the seed has no published organizer');
  return row;
}

async function hiddenOrganizer(): Promise<OrganizerRow> {
  const [row] = await db
    .select()
    .from(organizers)
    .where(eq(organizers.isPublishedOnSite, false))
    .limit(1);
  if (!row) throw new Error('the seed has no unpublished organizer');
  return row;
}

async function unknownId(): Promise<number> {
  const [{ maxId } = { maxId: 0 }] = await db
    .select({ maxId: sql<number>`max(${organizers.id})`.mapWith(Number) })
    .from(organizers);
  return maxId + 1000;
}

describe('GET /crm/api/organizer/public-info (getOrganizerPublicInfo)', () => {
  it('answers the public profile with country, badges, avatar and gallery', async () => {
    const row = await publishedOrganizer();
    const [country] = await db.select().from(countries).where(eq(countries.id, row.countryId!));
    for (const flag of ['', '&author_data_from_crm=1']) {
      const response = await get(`/crm/api/organizer/public-info?id=${row.id}${flag}`);
      expect(response.statusCode).toBe(200);
      const body = expectContractResponse(response, 'getOrganizerPublicInfo') as OrganizerBody;
      expect(body).toMatchObject({
        id: row.id,
        name: row.name,
        type: row.type,
        country: { id: country!.id, name: country!.name },
        is_email_verified: row.emailCheck === 1,
        is_phone_verified: row.phoneCheck === 1,
        is_passport_verified: row.passportCheck === 1,
        rating: row.rating,
        reviews_count: row.reviewsCount,
      });
      expect(body.avatar?.image).toContain('{{size}}');
      expect(body.images).toHaveLength(row.imageSeeds.length);
      // The gallery shows the provider's country: its landscape names the pictures.
      for (const image of body.images ?? []) {
        expect(image.image).toContain(`/${country!.landscape}/`);
      }
      // Providers are reached through the site's chat: their messengers stay private.
      expect(body).not.toHaveProperty('messengers');
    }
  });

  it('answers 404 for an unpublished or unknown organizer', async () => {
    for (const id of [(await hiddenOrganizer()).id, await unknownId()]) {
      const response = await get(`/crm/api/organizer/public-info?id=${id}`);
      expect(response.statusCode, String(id)).toBe(404);
      expectContractError(response, 'getOrganizerPublicInfo');
    }
  });

  it('answers 400 for an id that is not a stored integer', async () => {
    for (const id of ['0', 'abc', '2147483648', 'Infinity', '1e400']) {
      const response = await get(`/crm/api/organizer/public-info?id=${id}`);
      expect(response.statusCode, id).toBe(400);
      expectContractError(response, 'getOrganizerPublicInfo');
    }
  });
});

describe('GET /crm/api/organizer/verification-info (getOrganizerVerificationInfo)', () => {
  it('answers the three flags and the raw checks, for every published organizer', async () => {
    const rows = await db.select().from(organizers).where(eq(organizers.isPublishedOnSite, true));
    const checks = new Set<number>();
    for (const row of rows) {
      const response = await get(`/crm/api/organizer/verification-info?id=${row.id}`);
      expect(response.statusCode).toBe(200);
      expect(expectContractResponse(response, 'getOrganizerVerificationInfo')).toEqual({
        is_email_verified: row.emailCheck === 1,
        is_phone_verified: row.phoneCheck === 1,
        is_passport_verified: row.passportCheck === 1,
        email_check: row.emailCheck,
        phone_check: row.phoneCheck,
        passport_check: row.passportCheck,
      });
      checks.add(row.phoneCheck);
    }
    // The seed covers success, failure, not performed and in progress.
    expect([...checks].sort()).toEqual([0, 1, 2, 3]);
  });

  it('answers 404 for an unpublished or unknown organizer', async () => {
    for (const id of [(await hiddenOrganizer()).id, await unknownId()]) {
      const response = await get(`/crm/api/organizer/verification-info?id=${id}`);
      expect(response.statusCode).toBe(404);
      expectContractError(response, 'getOrganizerVerificationInfo');
    }
  });
});

describe('GET /spa/hub-organizer-page (getHubOrganizerPage)', () => {
  const hub = async (query: string) => {
    const response = await get(`/spa/hub-organizer-page${query}`);
    expect(response.statusCode, query).toBe(200);
    return expectContractResponse(response, 'getHubOrganizerPage') as HubBody;
  };

  it('pages through every published organizer once, best rated first', async () => {
    const published = await db
      .select()
      .from(organizers)
      .where(eq(organizers.isPublishedOnSite, true));
    const limit = 9;
    const first = await hub(`?limit=${limit}`);
    expect(first.pagination).toEqual({
      page: 1,
      per_page: limit,
      total: published.length,
      page_count: Math.ceil(published.length / limit),
    });
    const seen: OrganizerBody[] = [];
    for (let page = 1; page <= first.pagination.page_count; page += 1) {
      const body = await hub(`?limit=${limit}&page=${page}`);
      expect(body.items.length).toBeLessThanOrEqual(limit);
      seen.push(...body.items);
    }
    expect(seen.map((item) => item.id).sort((a, b) => a - b)).toEqual(
      published.map((row) => row.id).sort((a, b) => a - b),
    );
    const ratings = seen.map((item) => item.rating ?? -1);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    for (const page of [first.pagination.page_count + 1, 10_000]) {
      expect((await hub(`?limit=${limit}&page=${page}`)).items).toEqual([]);
    }
    // Pages are bounded in the contract (issue 43, finding 10).
    const absurd = await get(`/spa/hub-organizer-page?limit=${limit}&page=1000000000000000`);
    expect(absurd.statusCode).toBe(400);
  });

  it('uses 20 per page by default', async () => {
    const body = await hub('');
    expect(body.pagination.per_page).toBe(20);
    expect(body.items.length).toBe(Math.min(20, body.pagination.total));
  });

  it('filters by country', async () => {
    const row = await publishedOrganizer();
    const expected = await db
      .select({ id: organizers.id })
      .from(organizers)
      .where(sql`${organizers.isPublishedOnSite} and ${organizers.countryId} = ${row.countryId}`);
    const body = await hub(`?country_id=${row.countryId}&limit=100`);
    expect(body.pagination.total).toBe(expected.length);
    expect(body.items.map((item) => item.id).sort((a, b) => a - b)).toEqual(
      expected.map((item) => item.id).sort((a, b) => a - b),
    );
    expect(body.items.every((item) => item.country?.id === row.countryId)).toBe(true);
  });

  it('answers 400 for a limit out of range or a page that is not a whole number', async () => {
    for (const query of ['limit=101', 'page=Infinity', 'limit=1e400']) {
      const response = await get(`/spa/hub-organizer-page?${query}`);
      expect(response.statusCode, query).toBe(400);
      expectContractError(response, 'getHubOrganizerPage');
    }
  });
});
