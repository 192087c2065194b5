import { normalizeFilters } from '@gallop/search-filters';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@gallop/api/src/db/client.ts';
import { openMigratedPglite } from '@gallop/api/src/testing/database.ts';
import {
  blogPosts,
  cities,
  climateNormals,
  collections,
  contactPhones,
  countries,
  helpArticles,
  helpSections,
  legalDocuments,
  regions,
  restKinds,
  seoPages,
  shortLinks,
  siteSettings,
  socialLinks,
} from '@gallop/api/src/db/schema/index.ts';
import type { Database } from '@gallop/api/src/db/client.ts';
import { seedDatabase } from '../index.ts';
import { Random } from '@gallop/api/src/shared/random.ts';
import { seedContent } from './index.ts';
import { DESTINATION_COUNTRY_IDS } from '../geography.ts';

/** The countries tours go to: the content speaks of these only (decision 145). */
const DESTINATION_IDS = [...DESTINATION_COUNTRY_IDS];

/** Content tables with the columns that order them. */
const CONTENT_TABLES = {
  climate_normals: 'destination_kind, destination_id, month',
  contact_phones: 'id',
  social_links: 'id',
  site_settings: 'key',
  legal_documents: 'id',
  help_articles: 'id',
  help_sections: 'id',
  blog_posts: 'id',
  seo_pages: 'id',
  short_links: 'id',
} as const;

const TODAY = '2026-03-10';

/** Empties the content tables (the catalogue seed may already have filled them) and refills. */
async function reseedContent(db: Database): Promise<void> {
  for (const table of Object.keys(CONTENT_TABLES))
    await db.execute(sql.raw(`delete from ${table}`));
  await seedContent({ db, random: new Random(4242), today: TODAY, tours: 120, log: () => {} });
}

async function dump(db: Database) {
  const tables: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(CONTENT_TABLES)) {
    const { rows } = (await db.execute(
      sql.raw(`select * from ${table} order by ${order}`),
    )) as unknown as { rows: unknown[] };
    tables[table] = rows;
  }
  return tables;
}

let first: DatabaseHandle;
let second: DatabaseHandle;

beforeAll(async () => {
  first = await openMigratedPglite();
  await seedDatabase(first.db, { tours: 120, today: TODAY });
  // The same catalogue twice: the second database starts from a copy of the first.
  second = await openDatabase({ dataDir: 'memory://', loadDataDir: await first.dumpDataDir!() });
  await reseedContent(first.db);
  await reseedContent(second.db);
}, 120_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
});

describe('seedContent', () => {
  it('is deterministic: the same catalogue and seed give identical content', async () => {
    const [a, b] = [await dump(first.db), await dump(second.db)];
    for (const table of Object.keys(CONTENT_TABLES)) {
      expect(a[table]!.length, table).toBeGreaterThan(0);
    }
    expect(a).toEqual(b);
  });

  it('gives every destination country, region and city twelve monthly climate normals', async () => {
    const { db } = first;
    // Countries where no tour goes (decision 145) have no weather page.
    const destinations =
      (await db.$count(countries, inArray(countries.id, DESTINATION_IDS))) +
      (await db.$count(regions)) +
      (await db.$count(cities));
    const { rows } = (await db.execute(sql`
      select destination_kind, destination_id, count(*)::int as months
      from climate_normals group by 1, 2`)) as unknown as { rows: { months: number }[] };
    expect(rows).toHaveLength(destinations);
    expect(rows.every((row) => row.months === 12)).toBe(true);
    const [orphans] = (
      (await db.execute(sql`
        select count(*)::int as n from climate_normals n where not exists (
          select 1 from countries c where n.destination_kind = 'country' and c.id = n.destination_id
          union all select 1 from regions r where n.destination_kind = 'region' and r.id = n.destination_id
          union all select 1 from cities c where n.destination_kind = 'city' and c.id = n.destination_id)`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(orphans!.n).toBe(0);
    expect(await db.$count(climateNormals)).toBe(destinations * 12);
  });

  it('writes at least 40 blog posts whose slugs end in their id, in several categories', async () => {
    const posts = await first.db.select().from(blogPosts);
    expect(posts.length).toBeGreaterThanOrEqual(40);
    for (const post of posts) {
      expect(post.slug.endsWith(`-${post.id}`), post.slug).toBe(true);
      expect(post.body.match(/<p>/g)?.length ?? 0, post.slug).toBeGreaterThanOrEqual(2);
      expect(post.publishedAt.toISOString() < `${TODAY}T00:00:00Z`).toBe(true);
    }
    const categories = new Set(posts.map((post) => post.category));
    for (const category of ['destinations', 'riding-tips', 'gear', 'stories']) {
      expect(categories.has(category), category).toBe(true);
    }
    // Explicit ids must not break later inserts through the identity sequence.
    const [inserted] = await first.db
      .insert(blogPosts)
      .values({ ...posts[0]!, id: undefined, slug: 'sequence-check' })
      .returning({ id: blogPosts.id });
    expect(inserted!.id).toBeGreaterThan(Math.max(...posts.map((post) => post.id)));
    await first.db.execute(sql`delete from blog_posts where slug = 'sequence-check'`);
  });

  it('writes 5-7 help sections of 4-8 articles and two dated versions of each legal document', async () => {
    const sections = await first.db.select().from(helpSections);
    const articles = await first.db.select().from(helpArticles);
    expect(sections.length).toBeGreaterThanOrEqual(5);
    expect(sections.length).toBeLessThanOrEqual(7);
    for (const section of sections) {
      const own = articles.filter((article) => article.sectionId === section.id);
      expect(own.length, section.slug).toBeGreaterThanOrEqual(4);
      expect(own.length, section.slug).toBeLessThanOrEqual(8);
    }
    const documents = await first.db.select().from(legalDocuments);
    for (const kind of ['terms', 'privacy', 'cookies', 'offer']) {
      const versions = documents.filter((document) => document.kind === kind);
      expect(versions.map((document) => document.version).sort(), kind).toEqual([1, 2]);
      const [v1, v2] = [
        versions.find((d) => d.version === 1)!,
        versions.find((d) => d.version === 2)!,
      ];
      expect(v1.effectiveFrom < v2.effectiveFrom && v2.effectiveFrom <= TODAY, kind).toBe(true);
      expect(v2.body, kind).not.toBe(v1.body);
    }
  });

  it('writes a general main phone, additional and local phones, social links and settings', async () => {
    const phones = await first.db.select().from(contactPhones);
    const general = phones.filter((phone) => phone.entityKind === null);
    expect(general.filter((phone) => phone.type === 'main')).toHaveLength(1);
    expect(general.some((phone) => phone.type === 'additional')).toBe(true);
    expect(phones.some((phone) => phone.entityKind === 'country')).toBe(true);
    expect(phones.some((phone) => phone.entityKind === 'city')).toBe(true);
    expect(await first.db.$count(socialLinks)).toBeGreaterThanOrEqual(3);
    const keys = (await first.db.select({ key: siteSettings.key }).from(siteSettings)).map(
      (r) => r.key,
    );
    expect(keys.sort()).toEqual([
      'landing_videos',
      'messengers',
      'site_tokens',
      'support_email',
      'support_schedule',
    ]);
  });

  it('writes SEO pages for every country, region, rest kind and collection, with valid filters', async () => {
    const { db } = first;
    const pages = await db.select().from(seoPages);
    const filtersOf = (key: string, id: number) =>
      pages.some((page) => {
        const filters = page.filters as Record<string, unknown>;
        return Object.keys(filters).length <= 2 && JSON.stringify(filters[key]) === `[${id}]`;
      });
    for (const row of await db
      .select({ id: countries.id })
      .from(countries)
      .where(inArray(countries.id, DESTINATION_IDS))) {
      expect(filtersOf('countries', row.id), `country ${row.id}`).toBe(true);
    }
    for (const row of await db.select({ id: regions.id }).from(regions)) {
      expect(filtersOf('regions', row.id), `region ${row.id}`).toBe(true);
    }
    for (const row of await db.select({ id: restKinds.id }).from(restKinds)) {
      expect(filtersOf('restKinds', row.id), `rest kind ${row.id}`).toBe(true);
    }
    for (const row of await db.select({ id: collections.id }).from(collections)) {
      expect(filtersOf('collections', row.id), `collection ${row.id}`).toBe(true);
    }
    expect(pages.some((page) => 'dateFrom' in page.filters && 'countries' in page.filters)).toBe(
      true,
    );
    for (const page of pages) {
      expect(page.slug, page.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(page.slug, page.slug).not.toMatch(/-\d+$/);
      // Stored filters use the spec's names and survive the search's normalisation unchanged.
      const normalized = normalizeFilters(page.filters) as Record<string, unknown>;
      for (const [key, value] of Object.entries(page.filters)) {
        expect(normalized[key], `${page.slug}.${key}`).toEqual(
          value === 1 && key.startsWith('is') ? true : value,
        );
      }
    }
    const groups = new Set(pages.map((page) => page.groupName));
    expect(groups.size).toBeGreaterThanOrEqual(5);
  });

  it('writes short links to site pages', async () => {
    const links = await first.db.select().from(shortLinks);
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) expect(link.targetUrl.startsWith('/')).toBe(true);
  });
});
