/**
 * Published reviews as the catalogue shows them: the tour page's latest ones and the pages of a
 * tour's or an organizer's reviews. The reviews module serves the review calls and invitations on
 * these reads; the catalogue owns them because its tour page shows reviews.
 */
import type { components } from '@gallop/api-client';
import { RIDER_LEVELS, levelRank, type RiderLevel } from '@gallop/rider-fit';
import { and, asc, avg, count, desc, eq, getTableColumns, gte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { reviews } from '#src/db/schema/index.ts';
import { toMediaItem } from './tour-card.ts';

export type Review = components['schemas']['Review'];
export type ReviewList = components['schemas']['ReviewList'];
export type ReviewSort = components['schemas']['ReviewSort'];
export type HorseConditionSummary = components['schemas']['HorseConditionSummary'];
type MediaItem = components['schemas']['MediaItem'];
/** A review's row with whether it came through a booking's link (`reviewColumns`). */
export type ReviewRow = typeof reviews.$inferSelect & { isVerified: boolean };

/** Page sizes (docs/product.md, Constants): the tour page shows 3 reviews, the organizer page 5. */
export const TOUR_REVIEWS_LIMIT = 3;
export const ORGANIZER_REVIEWS_LIMIT = 5;

/** Whose reviews: one tour's or all of an organizer's tours'. */
export type ReviewScope = { tourId: number } | { organizerId: number };

/** Which of a scope's reviews a list shows (decision 115): a rider level, a lowest rating. */
export interface ReviewFilter {
  riderLevel?: RiderLevel | undefined;
  minRating?: number | undefined;
}

function scopeCondition(scope: ReviewScope, filter: ReviewFilter = {}): SQL | undefined {
  return and(
    eq(reviews.isPublished, true),
    'tourId' in scope
      ? eq(reviews.tourId, scope.tourId)
      : eq(reviews.organizerId, scope.organizerId),
    filter.riderLevel === undefined
      ? undefined
      : eq(reviews.riderLevel, levelRank(filter.riderLevel)),
    filter.minRating === undefined ? undefined : gte(reviews.rating, filter.minRating),
  );
}

/**
 * A review's columns and its verified-trip mark: a review written through a booking's link
 * (`/review/{uuid}`, open only once its paid tour has ended) carries that booking's uuid.
 */
const reviewColumns = {
  ...getTableColumns(reviews),
  // Spelled out: drizzle writes a single-table query's columns unqualified, and a bare "uuid"
  // inside the subquery would name the booking's own.
  isVerified: sql<boolean>`exists (select 1 from booking_requests where booking_requests.uuid = reviews.uuid)`,
};

export function toReview(row: ReviewRow, withAlt: boolean): Review {
  return {
    id: row.id,
    tour_id: row.tourId,
    rating: row.rating,
    text: row.text,
    author_name: row.authorName,
    created_at: row.createdAt.toISOString(),
    images: row.images.map((image) => toMediaItem(image, withAlt)),
    answer: row.answer,
    is_verified: row.isVerified,
    rider_level: row.riderLevel === null ? null : (RIDER_LEVELS[row.riderLevel] ?? null),
    // Stored as the month's first day: `2026-06-01` -> `2026-06`.
    ride_month: row.rideMonth === null ? null : row.rideMonth.slice(0, 7),
    horse_condition: row.horseCondition,
  };
}

/** Newest first; the id breaks ties so pages never overlap or skip a review. */
const NEWEST_FIRST = [desc(reviews.createdAt), desc(reviews.id)];

/** Each order of a list; within one rating the newest come first, then the id breaks ties. */
const REVIEW_ORDERS: Record<ReviewSort, SQL[]> = {
  newest: NEWEST_FIRST,
  highest: [desc(reviews.rating), ...NEWEST_FIRST],
  lowest: [asc(reviews.rating), ...NEWEST_FIRST],
};

/** The latest published reviews of a scope (the tour page's `expand_reviews`). */
export async function latestReviews(
  db: Database,
  scope: ReviewScope,
  limit: number,
  withAlt: boolean,
): Promise<Review[]> {
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .where(scopeCondition(scope))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
  return rows.map((row) => toReview(row, withAlt));
}

/** The average rating shown beside a list: one decimal, null without reviews. */
function roundedRating(value: string | number | null): number | null {
  if (value === null) return null;
  return Math.round(Number(value) * 10) / 10;
}

/**
 * One page of a scope's published reviews (those the filter keeps), newest first or by rating,
 * with the pagination and the average rating over all the reviews the filter keeps. A page past
 * the end is empty (its pagination still tells the total).
 */
export async function reviewPage(
  db: Database,
  scope: ReviewScope,
  {
    page,
    limit,
    withAlt,
    filter = {},
    sort = 'newest',
  }: { page: number; limit: number; withAlt: boolean; filter?: ReviewFilter; sort?: ReviewSort },
): Promise<ReviewList> {
  const where = scopeCondition(scope, filter);
  const offset = (page - 1) * limit;
  const [rows, [summary]] = await Promise.all([
    // A page far past any real one (the contract sets no maximum) is empty, not a SQL overflow.
    Number.isSafeInteger(offset)
      ? db
          .select(reviewColumns)
          .from(reviews)
          .where(where)
          .orderBy(...REVIEW_ORDERS[sort])
          .limit(limit)
          .offset(offset)
      : [],
    db
      .select({ total: count().mapWith(Number), rating: avg(reviews.rating) })
      .from(reviews)
      .where(where),
  ]);
  const total = summary?.total ?? 0;
  return {
    items: rows.map((row) => toReview(row, withAlt)),
    pagination: { page, per_page: limit, total, page_count: Math.ceil(total / limit) },
    rating: roundedRating(summary?.rating ?? null),
  };
}

/** The horse-condition aggregate kept on a tour or organizer row (`db/aggregates.ts`). */
export function toHorseCondition(row: {
  horseConditionRating: number | null;
  horseConditionCount: number;
}): HorseConditionSummary {
  return { rating: row.horseConditionRating, count: row.horseConditionCount };
}

/** Photos of a tour page's traveller gallery: enough for a row of tiles and a viewer. */
const TRAVELLER_PHOTOS_LIMIT = 24;

/**
 * The photos of a tour's published reviews, newest review first, at most `limit`: the gallery
 * shows them as travellers' photos (decision 115).
 */
export async function travellerPhotos(
  db: Database,
  tourId: number,
  withAlt: boolean,
  limit = TRAVELLER_PHOTOS_LIMIT,
): Promise<MediaItem[]> {
  const rows = await db
    .select({ images: reviews.images })
    .from(reviews)
    .where(and(scopeCondition({ tourId }), sql`jsonb_array_length(${reviews.images}) > 0`))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
  return rows
    .flatMap((row) => row.images)
    .slice(0, limit)
    .map((image) => toMediaItem(image, withAlt));
}
