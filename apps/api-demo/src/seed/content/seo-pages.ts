import { asc, sql } from 'drizzle-orm';
import {
  collections,
  countries,
  regions,
  restKinds,
  seoPages,
} from '@gallop/api/src/db/schema/index.ts';
import { insertInChunks, type SeedContext } from '../context.ts';
import { isDestinationCountry } from '../geography.ts';
import { placeName } from './html.ts';

type SeoPageRow = typeof seoPages.$inferInsert;

/** Tours looked at to find popular combinations: the whole demo catalogue, bounded at scale. */
const TOUR_SAMPLE = 20_000;

/**
 * First path segments the web uses for its own pages (docs/product.md, Routes): a landing page must
 * never take one. Tour slugs end in `-<id>`, so a landing slug must not (see `isUsableSlug`).
 */
const RESERVED_SLUGS = new Set([
  'about',
  'arrival',
  'blog',
  'booking',
  'chat',
  'collections',
  'contacts',
  'destinations',
  'email-confirm',
  'employees-cookie',
  'favorites',
  'help-center',
  'join',
  'login',
  'login-via-token',
  'order',
  'payment-failed',
  'privacy',
  'redirect',
  'register',
  'review',
  'settings',
  'sitemap',
  'success',
  'tg',
  'tour-provider',
  'tour-providers',
  'agreement',
  'tour-provider-agreement',
  'safety-rules',
  'cookie-policy',
]);

export function isUsableSlug(slug: string): boolean {
  return (
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) && !/-\d+$/.test(slug) && !RESERVED_SLUGS.has(slug)
  );
}

/** "Trail riding" -> "Trail riding tours"; names that already say what they are stay as they are. */
export function restKindTitle(name: string): string {
  return /(cruises|holidays|lessons|rides|stays|expeditions|life)$/i.test(name)
    ? name
    : `${name} tours`;
}

const isCruiseKind = (name: string) => /cruise/i.test(name);

interface Season {
  name: 'summer' | 'winter';
  /** First and last month, north of the equator; shifted by six months south of it. */
  months: [number, number];
}

const SUMMER: Season = { name: 'summer', months: [6, 8] };
const WINTER: Season = { name: 'winter', months: [12, 2] };

const lastDayOf = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

/** The season's next (or current) window on or after `today`, for a hemisphere. */
export function seasonWindow(
  season: Season,
  southern: boolean,
  today: string,
): { dateFrom: string; dateTo: string } {
  const shift = (month: number) => (southern ? ((month + 5) % 12) + 1 : month);
  const [first, last] = [shift(season.months[0]), shift(season.months[1])];
  const year = Number(today.slice(0, 4));
  for (const start of [year - 1, year, year + 1]) {
    const endYear = last < first ? start + 1 : start;
    const dateTo = lastDayOf(endYear, last);
    if (dateTo >= today) {
      return { dateFrom: `${start}-${String(first).padStart(2, '0')}-01`, dateTo };
    }
  }
  throw new Error('unreachable: a season recurs every year');
}

async function countsBy(
  ctx: SeedContext,
  query: ReturnType<typeof sql>,
): Promise<{ key: string; tours: number }[]> {
  const { rows } = (await ctx.db.execute(query)) as unknown as {
    rows: { key: string; tours: number | string }[];
  };
  return rows.map((row) => ({ key: String(row.key), tours: Number(row.tours) }));
}

/**
 * SEO landing pages: one per country, region, rest kind and collection, then combinations that
 * the catalogue actually fills ("Trail riding tours in Iceland", "... in summer", excursions).
 * Filters use the spec's filter names, as `/spa/tours-page` merges them with the query; a price
 * bound would be whole US dollars, whatever the visitor's currency (`STORED_PRICE_CURRENCY`).
 */
export async function seedSeoPages(ctx: SeedContext): Promise<number> {
  const { db } = ctx;
  const [countryRows, regionRows, kindRows, collectionRows] = await Promise.all([
    db.select().from(countries).where(isDestinationCountry()).orderBy(asc(countries.name)),
    db.select().from(regions).orderBy(asc(regions.name)),
    db.select().from(restKinds).orderBy(asc(restKinds.position), asc(restKinds.id)),
    db.select().from(collections).orderBy(asc(collections.position), asc(collections.id)),
  ]);
  const sample = sql`(select * from tours where is_published order by id limit ${TOUR_SAMPLE}) t`;
  const perCountry = await countsBy(
    ctx,
    sql`select country_id as key, count(*) as tours from ${sample}, unnest(t.country_ids) country_id
      group by country_id order by count(*) desc, country_id`,
  );
  const pairs = await countsBy(
    ctx,
    sql`select country_id || ':' || kind_id as key, count(*) as tours
      from ${sample}, unnest(t.country_ids) country_id, unnest(t.rest_kind_ids) kind_id
      group by country_id, kind_id having count(*) >= 3
      order by count(*) desc, country_id, kind_id limit 30`,
  );
  const excursions = await countsBy(
    ctx,
    sql`select country_id as key, count(*) as tours from ${sample}, unnest(t.country_ids) country_id
      where t.type = 2 group by country_id having count(*) >= 2
      order by count(*) desc, country_id limit 10`,
  );

  const pages: SeoPageRow[] = [];
  const taken = new Set<string>();
  const add = (page: Omit<SeoPageRow, 'slug'>, ...candidates: string[]) => {
    const slug = candidates.find((candidate) => isUsableSlug(candidate) && !taken.has(candidate));
    if (!slug) return;
    taken.add(slug);
    pages.push({ ...page, slug });
  };
  const countryById = new Map(countryRows.map((country) => [country.id, country]));

  for (const country of countryRows) {
    const title = `Horse riding tours in ${placeName(country.name)}`;
    add(
      {
        title,
        h1: title,
        description: `Multi-day horseback tours and day rides in ${placeName(country.name)} from vetted local providers: compare dates, prices and reviews.`,
        filters: { countries: [country.id] },
        groupName: 'Countries',
      },
      country.slug,
      `horse-riding-${country.slug}`,
    );
  }
  for (const region of regionRows) {
    const country = countryById.get(region.countryId);
    const where = country ? `${region.name}, ${placeName(country.name)}` : region.name;
    add(
      {
        title: `Horse riding in ${where}`,
        h1: `Horse riding tours in ${region.name}`,
        description: `Trail rides, expeditions and excursions in ${where}, with local guides and horses that know the terrain.`,
        filters: { regions: [region.id] },
        groupName: 'Regions',
      },
      region.slug,
      country ? `${region.slug}-${country.slug}` : `horse-riding-${region.slug}`,
    );
  }
  for (const kind of kindRows) {
    const title = restKindTitle(kind.name);
    add(
      {
        title,
        h1: title,
        description: `${title} around the world: compare programmes, dates and prices from vetted providers.`,
        filters: {
          restKinds: [kind.id],
          ...(isCruiseKind(kind.name) ? { isCruisesSearch: 1 } : {}),
        },
        groupName: 'Riding holidays by style',
      },
      kind.slug,
      `${kind.slug}-tours`,
    );
  }
  for (const collection of collectionRows) {
    const stored = collection.seoParams as { title?: unknown; h1?: unknown };
    add(
      {
        title: typeof stored.title === 'string' ? stored.title : collection.name,
        h1: typeof stored.h1 === 'string' ? stored.h1 : collection.name,
        description: collection.description,
        filters: { collections: [collection.id] },
        groupName: 'Collections',
      },
      collection.slug,
      `${collection.slug}-collection`,
    );
  }
  const topCountries = perCountry.flatMap(({ key }) => countryById.get(Number(key)) ?? []);
  for (const [season, count] of [
    [SUMMER, 10],
    [WINTER, 4],
  ] as const) {
    for (const country of topCountries.slice(0, count)) {
      const title = `Horse riding tours in ${placeName(country.name)} in ${season.name}`;
      add(
        {
          title,
          h1: title,
          description: `Ride in ${placeName(country.name)} in ${season.name}: tours with dates in the season, from vetted local providers.`,
          filters: { countries: [country.id], ...seasonWindow(season, country.lat < 0, ctx.today) },
          groupName: 'Seasonal tours',
        },
        `${country.slug}-${season.name}`,
      );
    }
  }
  for (const { key } of pairs) {
    const [countryId, kindId] = key.split(':').map(Number);
    const country = countryById.get(countryId!);
    const kind = kindRows.find((row) => row.id === kindId);
    if (!country || !kind) continue;
    const title = `${restKindTitle(kind.name)} in ${placeName(country.name)}`;
    add(
      {
        title,
        h1: title,
        description: `${title}: compare dates, prices and reviews of local providers.`,
        filters: {
          countries: [country.id],
          restKinds: [kind.id],
          ...(isCruiseKind(kind.name) ? { isCruisesSearch: 1 } : {}),
        },
        groupName: 'Popular searches',
      },
      `${kind.slug}-${country.slug}`,
    );
  }
  for (const { key } of excursions) {
    const country = countryById.get(Number(key));
    if (!country) continue;
    const title = `Horse riding excursions in ${placeName(country.name)}`;
    add(
      {
        title,
        h1: title,
        description: `Day rides and short excursions in ${placeName(country.name)}: an hour, a morning or a day in the saddle.`,
        filters: { countries: [country.id], type: 2 },
        groupName: 'Day rides and excursions',
      },
      `${country.slug}-excursions`,
    );
  }
  // Pages of a riding requirement (issue 46): a real filter page, its tours those asking for the
  // level or a lower one. Added last, so the pages before keep their ids.
  add(
    {
      title: 'Best horse riding holidays for beginners',
      h1: 'Riding holidays for beginners',
      description:
        'Rides for riders who have never ridden, or only a few times at a walk: gentle horses, ' +
        'guides who teach as you go and short days in the saddle.',
      filters: { riderLevel: 'beginner' },
      groupName: 'Riding holidays by level',
    },
    'horse-riding-for-beginners',
    'riding-holidays-for-beginners',
  );
  await insertInChunks(pages, 500, (chunk) => db.insert(seoPages).values(chunk));
  return pages.length;
}
