import { and, asc, eq, sql } from 'drizzle-orm';
import {
  blogPosts,
  cities,
  climateNormals,
  countries,
  regions,
  restKinds,
  showplaces,
  worldParts,
} from '@gallop/api/src/db/schema/index.ts';
import type { SeedContext } from '../context.ts';
import { addDays } from '../dates.ts';
import type { Random } from '@gallop/api/src/shared/random.ts';
import { slugify } from '@gallop/api/src/shared/slug.ts';
import { BLOG_ARTICLES, type BlogArticleSeed } from './blog-articles.ts';
import { escapeHtml, h2, p, placeName } from './html.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** At most this many destination posts, for the countries with the most tours. */
const DESTINATION_POSTS = 22;

/** Tours looked at to rank countries and rest kinds: the whole demo catalogue, bounded at scale. */
const TOUR_SAMPLE = 20_000;

export interface DestinationFacts {
  country: string;
  countrySlug: string;
  worldPart: string;
  regions: { name: string; cities: string[]; showplaces: string[] }[];
  /** Rest kinds most common in the country's tours, most common first. */
  restKinds: string[];
  /** Monthly normals of the country, January first. */
  climate: { temperatureMax: number; temperatureMin: number; precipitationMm: number }[];
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const list = (items: readonly string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** Months pleasant for riding: mild days and less rain than usual; else the three warmest. */
export function bestRidingMonths(climate: DestinationFacts['climate']): number[] {
  const rain = climate.map((month) => month.precipitationMm).sort((a, b) => a - b);
  const wetThreshold = rain[Math.floor(rain.length * 0.75)] ?? Infinity;
  const pleasant = climate
    .map((month, index) => ({ month, index }))
    .filter(
      ({ month }) =>
        month.temperatureMax >= 14 &&
        month.temperatureMax <= 29 &&
        month.precipitationMm <= wetThreshold,
    )
    .map(({ index }) => index + 1);
  if (pleasant.length) return pleasant;
  return climate
    .map((month, index) => ({ max: month.temperatureMax, month: index + 1 }))
    .sort((a, b) => b.max - a.max)
    .slice(0, 3)
    .map(({ month }) => month)
    .sort((a, b) => a - b);
}

/** `[5, 6, 7, 9]` -> `"May to July and September"`. */
export function describeMonths(months: readonly number[]): string {
  const runs: number[][] = [];
  for (const month of months) {
    const run = runs[runs.length - 1];
    if (run && run[run.length - 1] === month - 1) run.push(month);
    else runs.push([month]);
  }
  return list(
    runs.map((run) =>
      run.length === 1
        ? MONTHS[run[0]! - 1]!
        : `${MONTHS[run[0]! - 1]} to ${MONTHS[run[run.length - 1]! - 1]}`,
    ),
  );
}

/** A destination guide composed from the catalogue's places, rest kinds and climate. */
export function destinationArticle(facts: DestinationFacts, random: Random): BlogArticleSeed {
  const inCountry = placeName(facts.country);
  const country = escapeHtml(inCountry);
  const regionNames = facts.regions.map((region) => escapeHtml(region.name));
  const title = random.pick([
    `Riding in ${inCountry}: where to go and when`,
    `${capitalize(inCountry)} on horseback: a rider’s guide`,
    `Horse riding in ${inCountry}: regions, seasons and tips`,
  ]);
  const best = bestRidingMonths(facts.climate);
  const warmest = facts.climate.reduce(
    (top, month, index) =>
      month.temperatureMax > top.max ? { max: month.temperatureMax, index } : top,
    { max: -Infinity, index: 0 },
  );
  const coldest = facts.climate.reduce(
    (low, month, index) =>
      month.temperatureMin < low.min ? { min: month.temperatureMin, index } : low,
    { min: Infinity, index: 0 },
  );
  const kinds = facts.restKinds.slice(0, 2).map((kind) => kind.toLowerCase());

  const intro = random.pick([
    `${country} is one of the most rewarding riding destinations in ${escapeHtml(facts.worldPart)}. Its trails lead through ${list(regionNames)}, each with its own landscapes, horses and traditions.`,
    `Few places in ${escapeHtml(facts.worldPart)} are seen as well from the saddle as ${country}. Riders come for ${list(regionNames)}, and many come back for the horses and the hosts.`,
    `Ask riders who have been to ${country} and they will talk about space, light and the horses. This guide covers the main riding regions, ${list(regionNames)}, and the best time to go.`,
  ]);
  const regionParagraphs = facts.regions.map((region) => {
    const start = region.cities.length
      ? `rides usually start from ${list(region.cities.map(escapeHtml))}`
      : 'rides start from local ranches and stables';
    const sights = region.showplaces.length
      ? ` Highlights along the way include ${list(region.showplaces.map(escapeHtml))}.`
      : '';
    return `<strong>${escapeHtml(region.name)}</strong>: ${start}.${sights}`;
  });
  const riding = kinds.length
    ? `Most tours in ${country} are ${list(kinds)} trips. ${random.pick([
        'Groups are small, usually four to ten riders, with a local guide who knows every trail.',
        'Expect small groups, experienced local guides and horses bred for the terrain.',
        'Tours range from easy days for beginners to demanding routes for confident riders, so check the difficulty level of each one.',
      ])}`
    : `Tours in ${country} range from easy rides for beginners to demanding routes for confident riders.`;

  return {
    title,
    category: 'destinations',
    tags: [facts.countrySlug, slugify(facts.worldPart), 'seasons'],
    excerpt: `Where to ride in ${inCountry}, the best months for it, and what to expect from tours in ${list(
      facts.regions.slice(0, 2).map((region) => region.name),
    )}.`,
    body: [
      p(intro),
      h2('Where to ride'),
      p(...regionParagraphs),
      h2('When to go'),
      p(
        `The best months for riding are ${describeMonths(best)}. In ${MONTHS[warmest.index]} daytime temperatures reach about ${Math.round(warmest.max)} °C; in ${MONTHS[coldest.index]} nights drop to about ${Math.round(coldest.min)} °C. The climate page of ${country} shows rainfall and temperatures month by month.`,
      ),
      h2('What riding is like'),
      p(
        riding,
        `Browse the tours in ${country} on Gallop, compare dates and prices in your currency, and ask the providers anything in the chat before you book.`,
      ),
    ].join('\n'),
  };
}

/** The countries with the most tours, with what a guide to them needs. */
async function destinationFacts(ctx: SeedContext): Promise<DestinationFacts[]> {
  const { db } = ctx;
  const ranked = (
    (await db.execute(sql`
      select country_id, count(*) as tours
      from (select country_ids from tours where is_published order by id limit ${TOUR_SAMPLE}) t,
        unnest(t.country_ids) as country_id
      group by country_id
      order by count(*) desc, country_id
      limit ${DESTINATION_POSTS}`)) as unknown as { rows: { country_id: number }[] }
  ).rows.map((row) => Number(row.country_id));

  const facts: DestinationFacts[] = [];
  for (const countryId of ranked) {
    const [country] = await db
      .select({ name: countries.name, slug: countries.slug, worldPart: worldParts.name })
      .from(countries)
      .innerJoin(worldParts, eq(worldParts.id, countries.worldPartId))
      .where(eq(countries.id, countryId));
    if (!country) continue;
    const regionRows = await db
      .select()
      .from(regions)
      .where(eq(regions.countryId, countryId))
      .orderBy(asc(regions.id));
    const cityRows = await db
      .select({ name: cities.name, regionId: cities.regionId })
      .from(cities)
      .where(eq(cities.countryId, countryId))
      .orderBy(asc(cities.id));
    const sightRows = await db
      .select({ name: showplaces.name, cityId: showplaces.cityId, regionId: cities.regionId })
      .from(showplaces)
      .leftJoin(cities, eq(cities.id, showplaces.cityId))
      .where(eq(showplaces.countryId, countryId))
      .orderBy(asc(showplaces.id));
    const kindRows = (
      (await db.execute(sql`
        select rest_kind_id, count(*) as tours
        from (select rest_kind_ids from tours
          where is_published and country_ids @> array[${countryId}]::int[]
          order by id limit ${TOUR_SAMPLE}) t,
          unnest(t.rest_kind_ids) as rest_kind_id
        group by rest_kind_id
        order by count(*) desc, rest_kind_id
        limit 2`)) as unknown as { rows: { rest_kind_id: number }[] }
    ).rows.map((row) => Number(row.rest_kind_id));
    const kindNames = kindRows.length
      ? await db.select({ id: restKinds.id, name: restKinds.name }).from(restKinds)
      : [];
    const climate = await db
      .select()
      .from(climateNormals)
      .where(
        and(
          eq(climateNormals.destinationKind, 'country'),
          eq(climateNormals.destinationId, countryId),
        ),
      )
      .orderBy(asc(climateNormals.month));
    if (climate.length !== 12 || regionRows.length === 0) continue;
    facts.push({
      country: country.name,
      countrySlug: country.slug,
      worldPart: country.worldPart,
      regions: regionRows.slice(0, 4).map((region) => ({
        name: region.name,
        cities: cityRows
          .filter((city) => city.regionId === region.id)
          .slice(0, 2)
          .map((city) => city.name),
        showplaces: sightRows
          .filter((sight) => sight.regionId === region.id)
          .slice(0, 2)
          .map((sight) => sight.name),
      })),
      restKinds: kindRows.flatMap((id) => kindNames.find((kind) => kind.id === id)?.name ?? []),
      climate,
    });
  }
  return facts;
}

/**
 * Blog posts: the hand-written articles and a guide per leading destination, spread over the
 * two years before the seed's day. Ids are explicit and follow publication order, so each slug
 * can end in its `-<id>` at insert time.
 */
export async function seedBlog(ctx: SeedContext): Promise<number> {
  const random = ctx.random.fork('content:blog');
  const destinations = (await destinationFacts(ctx)).map((facts) =>
    destinationArticle(facts, random),
  );
  const all = [...BLOG_ARTICLES, ...destinations];
  const articles = random.sample(all, all.length);
  const spacing = Math.max(1, Math.floor(720 / articles.length));
  const rows = articles.map((article, index) => {
    const id = index + 1;
    const daysAgo = (articles.length - index) * spacing - random.int(0, spacing - 1);
    const publishedAt = new Date(
      `${addDays(ctx.today, -daysAgo)}T${String(random.int(7, 17)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00Z`,
    );
    return {
      id,
      slug: `${slugify(article.title)}-${id}`,
      title: article.title,
      excerpt: article.excerpt,
      body: article.body,
      category: article.category,
      tags: article.tags,
      imageSeed: random.int(1, 99_999),
      publishedAt,
    };
  });
  await ctx.db.insert(blogPosts).values(rows);
  // Explicit ids leave the identity sequence behind: move it past them for later inserts.
  await ctx.db.execute(
    sql`select setval(pg_get_serial_sequence('blog_posts', 'id'), (select max(id) from blog_posts))`,
  );
  return rows.length;
}
