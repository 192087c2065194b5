import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { organizers, reviews, tourSlugRedirects, tours } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { publicTour, type ReviewList } from '#src/modules/catalog/index.ts';

let testApp: TestApp;
let db: Database;

beforeAll(async () => {
  testApp = await buildTestApp();
  db = testApp.database.db;
});
afterAll(() => testApp.close());

async function call(operationId: OperationId, url: string) {
  const response = await testApp.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: expectContractResponse(response, operationId) };
}

async function list(operationId: OperationId, url: string): Promise<ReviewList> {
  const { status, body } = await call(operationId, url);
  expect(status).toBe(200);
  return body as ReviewList;
}

const publishedReviews = eq(reviews.isPublished, true);

/** Published review ids of a scope, newest first (ties by id), as the API must order them. */
async function expectedIds(where: ReturnType<typeof eq>) {
  const rows = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(publishedReviews, where))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map((row) => row.id);
}

async function averageRating(where: ReturnType<typeof eq>) {
  const rows = await db
    .select({ rating: reviews.rating })
    .from(reviews)
    .where(and(publishedReviews, where));
  const sum = rows.reduce((total, row) => total + row.rating, 0);
  return Math.round((sum / rows.length) * 10) / 10;
}

/** A public tour with at least `min` published reviews. */
async function tourWithReviews(min: number) {
  const [tour] = await db
    .select()
    .from(tours)
    .where(and(publicTour(), gte(tours.reviewsCount, min)))
    .orderBy(desc(tours.reviewsCount), asc(tours.id))
    .limit(1);
  expect(tour, `the seed has a tour with ${min}+ reviews`).toBeDefined();
  return tour!;
}

/** Reads every page of a list and checks each page's pagination on the way. */
async function readAllPages(operationId: OperationId, baseUrl: string, limit: number) {
  const ids: number[] = [];
  const first = await list(operationId, `${baseUrl}&limit=${limit}&page=1`);
  const { total, page_count: pageCount } = first.pagination;
  expect(pageCount).toBe(Math.ceil(total / limit));
  for (let page = 1; page <= pageCount; page += 1) {
    const answer =
      page === 1 ? first : await list(operationId, `${baseUrl}&limit=${limit}&page=${page}`);
    expect(answer.pagination).toEqual({ page, per_page: limit, total, page_count: pageCount });
    expect(answer.items.length).toBe(page < pageCount ? limit : total - limit * (pageCount - 1));
    ids.push(...answer.items.map((item) => item.id));
  }
  const past = await list(operationId, `${baseUrl}&limit=${limit}&page=${pageCount + 1}`);
  expect(past.items).toEqual([]);
  return { ids, total };
}

describe('GET /spa/tour-reviews (getTourReviews)', () => {
  it('answers the 3 latest reviews by default, with the total and the average rating', async () => {
    const tour = await tourWithReviews(4);
    const body = await list('getTourReviews', `/spa/tour-reviews?id=${tour.id}`);
    const ids = await expectedIds(eq(reviews.tourId, tour.id));
    expect(body.items.map((item) => item.id)).toEqual(ids.slice(0, 3));
    expect(body.pagination).toEqual({
      page: 1,
      per_page: 3,
      total: ids.length,
      page_count: Math.ceil(ids.length / 3),
    });
    expect(body.rating).toBe(await averageRating(eq(reviews.tourId, tour.id)));
    expect(body.rating).toBe(tour.rating);
    for (const item of body.items) expect(item.tour_id).toBe(tour.id);
  });

  it('takes a limit', async () => {
    const tour = await tourWithReviews(4);
    const body = await list('getTourReviews', `/spa/tour-reviews?id=${tour.id}&limit=4`);
    expect(body.items).toHaveLength(4);
  });

  it('serves review photos through the media URL template', async () => {
    const [withPhotos] = await db
      .select({ id: reviews.id, tourId: reviews.tourId })
      .from(reviews)
      .innerJoin(tours, eq(tours.id, reviews.tourId))
      .where(and(publishedReviews, publicTour(), sql`jsonb_array_length(${reviews.images}) > 0`))
      .orderBy(asc(reviews.id))
      .limit(1);
    expect(withPhotos, 'the seed has reviews with photos').toBeDefined();
    const body = await list(
      'getTourReviews',
      `/spa/tour-reviews?id=${withPhotos!.tourId}&limit=50`,
    );
    // The seeded review's photos: on PostgreSQL other test files add reviews (with uploaded
    // photos, `/uploads/...`) to the same tours while this one runs.
    const seeded = body.items.find((item) => item.id === withPhotos!.id);
    const images = seeded?.images ?? [];
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      // Drawn in the landscape of the tour's region: /media/generated/{scene}/{landscape}/{seed}/...
      expect(image.image).toMatch(
        /^\/media\/generated\/[a-z]+\/[a-z]+(-[a-z]+)*\/\d+\/\{\{size\}\}\.jpg$/,
      );
      expect(typeof image.alt).toBe('string');
    }
  });

  it('answers an empty list with a null rating for a tour without reviews', async () => {
    const [quiet] = await db
      .select({ id: tours.id })
      .from(tours)
      .where(and(publicTour(), eq(tours.reviewsCount, 0)))
      .limit(1);
    expect(quiet, 'the seed has a tour without reviews').toBeDefined();
    const body = await list('getTourReviews', `/spa/tour-reviews?id=${quiet!.id}`);
    expect(body).toEqual({
      items: [],
      pagination: { page: 1, per_page: 3, total: 0, page_count: 0 },
      rating: null,
    });
  });

  it('answers 404 for unknown and unpublished tours, 400 for a bad limit', async () => {
    const [hidden] = await db
      .select({ id: tours.id })
      .from(tours)
      .where(eq(tours.isPublished, false))
      .limit(1);
    expect((await call('getTourReviews', '/spa/tour-reviews?id=99999999')).status).toBe(404);
    expect((await call('getTourReviews', `/spa/tour-reviews?id=${hidden!.id}`)).status).toBe(404);
    expect((await call('getTourReviews', '/spa/tour-reviews?id=1&limit=0')).status).toBe(400);
    expect((await call('getTourReviews', '/spa/tour-reviews?id=1&limit=51')).status).toBe(400);
  });
});

describe('GET /spa/all-tour-reviews (listAllTourReviews)', () => {
  it('defaults to page 1 of 3 reviews', async () => {
    const tour = await tourWithReviews(4);
    const body = await list('listAllTourReviews', `/spa/all-tour-reviews?slug=${tour.slug}`);
    const ids = await expectedIds(eq(reviews.tourId, tour.id));
    expect(body.items.map((item) => item.id)).toEqual(ids.slice(0, 3));
    expect(body.pagination.per_page).toBe(3);
    expect(body.pagination.page).toBe(1);
  });

  it('pages through every review once, newest first', async () => {
    const tour = await tourWithReviews(5);
    const expected = await expectedIds(eq(reviews.tourId, tour.id));
    const { ids, total } = await readAllPages(
      'listAllTourReviews',
      `/spa/all-tour-reviews?slug=${tour.slug}`,
      2,
    );
    expect(total).toBe(expected.length);
    expect(ids).toEqual(expected);
  });

  it('finds the tour by an old slug and answers 404 for an unknown one', async () => {
    const [moved] = await db
      .select({ oldSlug: tourSlugRedirects.oldSlug, tourId: tourSlugRedirects.tourId })
      .from(tourSlugRedirects)
      .innerJoin(tours, eq(tours.id, tourSlugRedirects.tourId))
      .where(eq(tours.isPublished, true))
      .limit(1);
    const body = await list(
      'listAllTourReviews',
      `/spa/all-tour-reviews?slug=${moved!.oldSlug}&limit=50`,
    );
    expect(body.pagination.total).toBe(
      (await expectedIds(eq(reviews.tourId, moved!.tourId))).length,
    );
    const unknown = await call('listAllTourReviews', '/spa/all-tour-reviews?slug=no-such-tour');
    expect(unknown.status).toBe(404);
  });
});

describe('GET /spa/all-tour-reviews with filters and sorts (decision 115)', () => {
  /** The tour's published reviews with their level and rating, as the API must filter them. */
  async function reviewsOf(tourId: number) {
    return db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        riderLevel: reviews.riderLevel,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(and(publishedReviews, eq(reviews.tourId, tourId)))
      .orderBy(desc(reviews.createdAt), desc(reviews.id));
  }

  it('keeps only one rider level and ratings from a minimum, and says so in the total', async () => {
    const tour = await tourWithReviews(5);
    const all = await reviewsOf(tour.id);
    const level = all.find((review) => review.riderLevel !== null)!.riderLevel!;
    const levelName = ['beginner', 'novice', 'intermediate', 'strong-intermediate', 'advanced'][
      level
    ]!;
    const expected = all
      .filter((review) => review.riderLevel === level && review.rating >= 4)
      .map((review) => review.id);
    const body = await list(
      'listAllTourReviews',
      `/spa/all-tour-reviews?slug=${tour.slug}&rider_level=${levelName}&min_rating=4&limit=50`,
    );
    expect(body.items.map((item) => item.id)).toEqual(expected);
    expect(body.pagination.total).toBe(expected.length);
    for (const item of body.items) {
      expect(item.rider_level).toBe(levelName);
      expect(item.rating).toBeGreaterThanOrEqual(4);
    }
    expect(expected.length).toBeLessThan(all.length);
  });

  it('sorts by highest and lowest rating, newest first within a rating', async () => {
    const tour = await tourWithReviews(5);
    const all = await reviewsOf(tour.id);
    const ids = async (sort: string) =>
      (
        await list(
          'listAllTourReviews',
          `/spa/all-tour-reviews?slug=${tour.slug}&sort=${sort}&limit=50`,
        )
      ).items.map((item) => item.id);
    // `all` is newest first; a stable sort by rating keeps that order within a rating.
    const byRating = (direction: 1 | -1) =>
      [...all].sort((a, b) => direction * (a.rating - b.rating)).map((review) => review.id);
    expect(await ids('highest')).toEqual(byRating(-1));
    expect(await ids('lowest')).toEqual(byRating(1));
    expect(await ids('newest')).toEqual(all.map((review) => review.id));
    expect(new Set(all.map((review) => review.rating)).size).toBeGreaterThan(1);
  });

  it('answers 400 with a message for a bad level, rating or sort', async () => {
    const tour = await tourWithReviews(1);
    for (const bad of [
      'rider_level=expert',
      'min_rating=0',
      'min_rating=6',
      'min_rating=4.5',
      'sort=oldest',
    ]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/spa/all-tour-reviews?slug=${tour.slug}&${bad}`,
      });
      expect(response.statusCode, bad).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });

  it("carries each demo review's level, month and horse condition", async () => {
    const tour = await tourWithReviews(4);
    const body = await list('listAllTourReviews', `/spa/all-tour-reviews?slug=${tour.slug}`);
    for (const item of body.items) {
      expect(item.ride_month).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
      expect(item.ride_month! <= item.created_at.slice(0, 7)).toBe(true);
      expect(item).toHaveProperty('rider_level');
      expect(item).toHaveProperty('horse_condition');
    }
  });
});

describe('GET /spa/organizer-reviews (listOrganizerReviews)', () => {
  async function busyOrganizer() {
    const [organizer] = await db
      .select()
      .from(organizers)
      .where(and(eq(organizers.isPublishedOnSite, true), gte(organizers.reviewsCount, 6)))
      .orderBy(asc(organizers.id))
      .limit(1);
    expect(organizer, 'the seed has an organizer with 6+ reviews').toBeDefined();
    return organizer!;
  }

  it('defaults to 5 reviews per page with the organizer average', async () => {
    const organizer = await busyOrganizer();
    const body = await list('listOrganizerReviews', `/spa/organizer-reviews?id=${organizer.id}`);
    const ids = await expectedIds(eq(reviews.organizerId, organizer.id));
    expect(body.items.map((item) => item.id)).toEqual(ids.slice(0, 5));
    expect(body.pagination).toMatchObject({ page: 1, per_page: 5, total: ids.length });
    expect(body.rating).toBe(await averageRating(eq(reviews.organizerId, organizer.id)));
  });

  it('pages through every review once, newest first', async () => {
    const organizer = await busyOrganizer();
    const expected = await expectedIds(eq(reviews.organizerId, organizer.id));
    const { ids } = await readAllPages(
      'listOrganizerReviews',
      `/spa/organizer-reviews?id=${organizer.id}`,
      3,
    );
    expect(ids).toEqual(expected);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers 404 for an unknown organizer and an empty page far past the end', async () => {
    expect((await call('listOrganizerReviews', '/spa/organizer-reviews?id=99999999')).status).toBe(
      404,
    );
    const organizer = await busyOrganizer();
    const far = await list(
      'listOrganizerReviews',
      `/spa/organizer-reviews?id=${organizer.id}&page=10000`,
    );
    expect(far.items).toEqual([]);
    // Pages are bounded in the contract (issue 43, finding 10).
    const absurd = `/spa/organizer-reviews?id=${organizer.id}&page=900719925474099`;
    expect((await call('listOrganizerReviews', absurd)).status).toBe(400);
  });
});
