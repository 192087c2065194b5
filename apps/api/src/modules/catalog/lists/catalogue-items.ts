import type { components } from '@gallop/api-client';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { collections, restKinds, seasons, seoPages, tours } from '#src/db/schema/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { listedTour } from '../listed.ts';
import { loadTourCards, toMediaItem, type CardContext } from '../tour-card.ts';
import { calendarPeriods, nextSeasonWindow } from './calendar-periods.ts';
import {
  countByArrayColumn,
  countByColumn,
  countBySeason,
  type Counts,
  type SeasonWindow,
} from './counts.ts';

type NamedItem = components['schemas']['NamedItem'];
type Seo = components['schemas']['Seo'];

/** Scenes the generated pictures of catalogue entries are drawn with (see the media module). */
const SCENE = {
  restKind: 'trail',
  collection: 'horse',
  season: 'landscape',
} as const;

/** Lists without a `with_alt` switch still describe their pictures. */
const WITH_ALT = true;

/** How many best tours the home page shows. */
export const BEST_TOURS_LIMIT = 12;

/**
 * Accommodation kinds of the contract's `Accommodation` enum in its order; the position is the
 * kind's id. `not-set` is left out: it is the absence of a kind, not a choice.
 */
export const ACCOMMODATION_KINDS = [
  { slug: 'camp-site', name: 'Camp site' },
  { slug: 'guest-house', name: 'Guest house' },
  { slug: 'flat', name: 'Flat' },
  { slug: 'cabin', name: 'Cabin' },
  { slug: 'hotel', name: 'Hotel' },
  { slug: 'tent', name: 'Tent' },
  { slug: 'train', name: 'Train' },
] as const;

export interface CatalogueRow {
  id: number;
  name: string;
  slug: string;
  imageSeed: number;
  /** A place's landscape profile: its picture shows that kind of country. */
  landscape?: string | null;
}

function namedItem(row: CatalogueRow, scene: string, counts: Counts): NamedItem {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    tours_count: counts.get(row.id) ?? 0,
    image: toMediaItem({ scene, seed: row.imageSeed, alt: row.name }, WITH_ALT),
  };
}

/**
 * Rest kinds whose own catalogue page (`/{slug}`, where their tiles link) searches cruises: their
 * count is of cruises, the others' of multi-day tours.
 */
async function cruiseKindIds(db: Database): Promise<Set<number>> {
  const rows = await db
    .select({ id: restKinds.id })
    .from(restKinds)
    .innerJoin(seoPages, eq(seoPages.slug, restKinds.slug))
    .where(sql`${seoPages.filters}->>'isCruisesSearch' in ('1', 'true')`);
  return new Set(rows.map((row) => row.id));
}

/** Every rest kind with its count of bookable tours (cruises for the cruise kinds). */
export async function restKindItems(db: Database): Promise<NamedItem[]> {
  const today = todayIso();
  const [rows, tourCounts, cruiseCounts, cruiseKinds] = await Promise.all([
    db.select().from(restKinds).orderBy(asc(restKinds.position), asc(restKinds.id)),
    countByArrayColumn(db, tours.restKindIds, today),
    countByArrayColumn(db, tours.restKindIds, today, 'cruises'),
    cruiseKindIds(db),
  ]);
  return rows.map((row) =>
    namedItem(row, SCENE.restKind, cruiseKinds.has(row.id) ? cruiseCounts : tourCounts),
  );
}

/** A collection's own landing-page SEO texts (`seo_params` of the row), as the contract's `Seo`. */
function collectionSeo(params: Record<string, unknown>): Seo {
  const seo: Seo = {};
  for (const key of ['title', 'description', 'h1', 'canonical'] as const) {
    const value = params[key];
    if (typeof value === 'string') seo[key] = value;
  }
  if (typeof params['noindex'] === 'boolean') seo.noindex = params['noindex'];
  return seo;
}

/** Every collection with its count; with `withSeo`, individual ones carry their page's texts. */
export async function collectionItems(db: Database, withSeo: boolean): Promise<NamedItem[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(collections).orderBy(asc(collections.position), asc(collections.id)),
    countByArrayColumn(db, tours.collectionIds, todayIso()),
  ]);
  return rows.map((row) => ({
    ...namedItem(row, SCENE.collection, counts),
    ...(withSeo && row.isIndividual === 1 ? { seo: collectionSeo(row.seoParams) } : {}),
  }));
}

/**
 * Seasons with their next window (from today) and the tours bookable in it. A season without
 * months has no dates to search, so nothing to link to: it is left out.
 */
export async function seasonItems(db: Database) {
  const today = todayIso();
  const rows = await db.select().from(seasons).orderBy(asc(seasons.id));
  const windows: (SeasonWindow & { row: (typeof rows)[number] })[] = rows.flatMap((row) => {
    const window = nextSeasonWindow(today, row);
    return window ? [{ id: row.id, row, ...window }] : [];
  });
  const counts = await countBySeason(db, today, windows);
  return windows.map(({ row, date_from, date_to }) => ({
    ...namedItem(row, SCENE.season, counts),
    date_from,
    date_to,
  }));
}

/** The calendar's named periods (seasons by month) from today. */
export async function calendarPeriodItems(db: Database) {
  const rows = await db
    .select({ name: seasons.name, months: seasons.months })
    .from(seasons)
    .orderBy(asc(seasons.id));
  return calendarPeriods(todayIso(), rows);
}

/** Accommodation kinds in the contract's order with their counts of bookable tours. */
export async function accommodationItems(db: Database) {
  const counts = await countByColumn(db, tours.accommodation, todayIso());
  return ACCOMMODATION_KINDS.map((kind, index) => ({
    id: index + 1,
    name: kind.name,
    slug: kind.slug,
    tours_count: counts.get(kind.slug) ?? 0,
  }));
}

/** The home page's best tours, most popular first, as cards. */
export async function bestTourCards(db: Database, context: CardContext) {
  const best = await db
    .select({ id: tours.id })
    .from(tours)
    .where(and(listedTour(context.today), eq(tours.isBest, true)))
    .orderBy(desc(tours.popularity), asc(tours.id))
    .limit(BEST_TOURS_LIMIT);
  return loadTourCards(
    db,
    best.map((row) => row.id),
    context,
  );
}
