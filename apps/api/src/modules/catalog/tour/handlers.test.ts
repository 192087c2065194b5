import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  cities,
  countries,
  currencyRates,
  individualTours,
  organizers,
  regions,
  reviews,
  seoPages,
  showplaces,
  tourCities,
  tourDates,
  tourPrograms,
  tourQuestions,
  tourSlugRedirects,
  tours,
} from '#src/db/schema/index.ts';
import { listedTour, publicTour } from '#src/modules/catalog/listed.ts';
import { todayIso } from '#src/shared/dates.ts';
import { toDisplayPrice, type Rates } from '#src/shared/money/rates.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import type { OperationId } from '#src/contract.ts';
import { GONE_MESSAGE } from './handlers.ts';
import type { TourGone } from './gone.ts';
import type { Tour } from './page.ts';

let testApp: TestApp;
let db: Database;
const today = todayIso();

beforeAll(async () => {
  testApp = await buildTestApp();
  db = testApp.database.db;
});
afterAll(() => testApp.close());

/** GETs `url` and checks the answer against the contract of `operationId`. */
async function call(
  operationId: OperationId,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: expectContractResponse(response, operationId) };
}

// Tours with a page: published, of a published organizer.
const published = publicTour();
const hasFutureDate = gte(tours.lastStartDate, today);

/** A published tour with a date ahead, a program, questions, several reviews and languages. */
async function richTour() {
  const [tour] = await db
    .select()
    .from(tours)
    .where(
      and(
        published,
        hasFutureDate,
        gte(tours.reviewsCount, 4),
        sql`cardinality(${tours.languageCodes}) > 1`,
        isNotNull(tours.startCityId),
        sql`exists (select 1 from ${tourPrograms} where ${tourPrograms.tourId} = ${tours.id})`,
        sql`exists (select 1 from ${tourQuestions} where ${tourQuestions.tourId} = ${tours.id})`,
        sql`exists (select 1 from ${tourDates} where ${tourDates.tourId} = ${tours.id} and ${tourDates.startDate} < ${today})`,
      ),
    )
    .orderBy(asc(tours.id))
    .limit(1);
  expect(
    tour,
    'the seed has a tour with past and future dates, reviews and a program',
  ).toBeDefined();
  return tour!;
}

async function goneTour() {
  const [tour] = await db
    .select()
    .from(tours)
    .where(and(published, lt(tours.lastStartDate, today)))
    .orderBy(asc(tours.id))
    .limit(1);
  expect(tour, 'the seed has a tour whose dates have all passed').toBeDefined();
  return tour!;
}

async function unpublishedTour() {
  const [tour] = await db
    .select()
    .from(tours)
    .where(eq(tours.isPublished, false))
    .orderBy(asc(tours.id))
    .limit(1);
  expect(tour, 'the seed has an unpublished tour').toBeDefined();
  return tour!;
}

async function redirectedSlug() {
  const [row] = await db
    .select({ oldSlug: tourSlugRedirects.oldSlug, slug: tours.slug })
    .from(tourSlugRedirects)
    .innerJoin(tours, eq(tours.id, tourSlugRedirects.tourId))
    .where(published)
    .orderBy(asc(tourSlugRedirects.oldSlug))
    .limit(1);
  expect(row, 'the seed has an old tour slug').toBeDefined();
  return row!;
}

async function rates(): Promise<Rates> {
  const rows = await db.select().from(currencyRates);
  return new Map(rows.map((row) => [row.code, row.perUsd]));
}

async function validate(slug: string): Promise<boolean> {
  const url = `/spa/validate-slug?slug=${encodeURIComponent(slug)}`;
  return ((await call('validateSlug', url)).body as { result: boolean }).result;
}

const tourUrl = (slug: string, query = '') =>
  `/spa/tour?slug=${encodeURIComponent(slug)}${query ? `&${query}` : ''}`;

describe('GET /spa/tour (getTour)', () => {
  it('answers the full tour page: card, future dates soonest first, details, breadcrumbs, seo', async () => {
    const tour = await richTour();
    const { status, body } = await call('getTour', tourUrl(tour.slug));
    expect(status).toBe(200);
    const page = body as Tour;
    expect(page).toMatchObject({ id: tour.id, slug: tour.slug, name: tour.name, currency: 'USD' });
    expect(page.description).toBe(tour.description);

    const future = await db
      .select({ id: tourDates.id })
      .from(tourDates)
      .where(and(eq(tourDates.tourId, tour.id), gte(tourDates.startDate, today)))
      .orderBy(asc(tourDates.startDate), asc(tourDates.id));
    expect(page.dates.map((date) => date.id)).toEqual(future.map((row) => row.id));
    for (const date of page.dates) expect(date.start >= today).toBe(true);

    expect(page.included).toEqual(tour.included);
    expect(page.not_included).toEqual(tour.notIncluded);
    expect(page.languages?.map((language) => language.code)).toEqual(tour.languageCodes);
    const questions = await db
      .select({ id: tourQuestions.id })
      .from(tourQuestions)
      .where(eq(tourQuestions.tourId, tour.id))
      .orderBy(asc(tourQuestions.position), asc(tourQuestions.id));
    expect(page.questions?.map((question) => question.id)).toEqual(questions.map((q) => q.id));
    expect(page.start_city?.id).toBe(tour.startCityId);
    // Where the route map starts: the city's own coordinates.
    const [startCity] = await db
      .select({ lat: cities.lat, lng: cities.lng })
      .from(cities)
      .where(eq(cities.id, tour.startCityId!));
    expect(page.start_city).toMatchObject({ lat: startCity!.lat, lng: startCity!.lng });
    const [program] = await db
      .select({ id: tourPrograms.id })
      .from(tourPrograms)
      .where(eq(tourPrograms.tourId, tour.id));
    expect(page.program_id).toBe(program!.id);

    // Home › (world part) › country › region › tour, each place linking to a catalogue page.
    const crumbs = page.breadcrumbs ?? [];
    expect(crumbs[0]).toEqual({ url: '/', text: 'Home' });
    expect(crumbs.at(-1)).toEqual({ url: `/${tour.slug}`, text: tour.name });
    const [country] = await db
      .select({ name: countries.name })
      .from(countries)
      .where(eq(countries.id, tour.countryIds[0]!));
    const [region] = await db
      .select({ name: regions.name })
      .from(regions)
      .where(eq(regions.id, tour.regionIds[0]!));
    const texts = crumbs.map((crumb) => crumb.text);
    expect(texts.indexOf(country!.name)).toBeGreaterThan(0);
    expect(texts.indexOf(region!.name)).toBeGreaterThan(texts.indexOf(country!.name));
    for (const crumb of crumbs.slice(1, -1)) {
      expect(await validate(crumb.url.slice(1)), crumb.url).toBe(true);
    }
    expect(page.seo).toMatchObject({ canonical: `/${tour.slug}`, h1: tour.name });
    expect(page.seo?.title).toContain(tour.name);
    expect(page.seo?.description?.length).toBeLessThanOrEqual(160);

    // Without the expand flags the program and reviews stay out.
    expect(page).not.toHaveProperty('program');
    expect(page).not.toHaveProperty('reviews');
  });

  it('adds the program with expand_program=1 and the 3 latest reviews with expand_reviews=1', async () => {
    const tour = await richTour();
    const { body } = await call('getTour', tourUrl(tour.slug, 'expand_program=1&expand_reviews=1'));
    const page = body as Tour;
    const [program] = await db.select().from(tourPrograms).where(eq(tourPrograms.tourId, tour.id));
    expect(page.program?.map((day) => day.title)).toEqual(program!.days.map((day) => day.title));
    const latest = await db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.tourId, tour.id), eq(reviews.isPublished, true)))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(3);
    expect(latest).toHaveLength(3);
    expect(page.reviews?.map((review) => review.id)).toEqual(latest.map((row) => row.id));
  });

  it('answers only the card, description and dates with format=short', async () => {
    const tour = await richTour();
    const { body } = await call('getTour', tourUrl(tour.slug, 'format=short&expand_program=1'));
    const page = body as Tour;
    expect(page.id).toBe(tour.id);
    expect(page.dates.length).toBeGreaterThan(0);
    for (const key of ['breadcrumbs', 'seo', 'questions', 'languages', 'program', 'reviews']) {
      expect(page).not.toHaveProperty(key);
    }
  });

  it('includes alt texts only with with_alt=1', async () => {
    const tour = await richTour();
    const plain = (await call('getTour', tourUrl(tour.slug, 'expand_program=1'))).body as Tour;
    const withAlt = (await call('getTour', tourUrl(tour.slug, 'expand_program=1&with_alt=1')))
      .body as Tour;
    expect(plain.images.length).toBeGreaterThan(0);
    for (const image of plain.images) {
      expect(image.image).toContain('{{size}}');
      expect(image).not.toHaveProperty('alt');
    }
    expect(withAlt.images.map((image) => image.alt)).toEqual(tour.images.map((image) => image.alt));
    const programImages = (page: Tour) => (page.program ?? []).flatMap((day) => day.images ?? []);
    for (const image of programImages(plain)) expect(image).not.toHaveProperty('alt');
    for (const image of programImages(withAlt)) expect(typeof image.alt).toBe('string');
  });

  it('prices dates in the X-Currency currency, the original price too', async () => {
    const tour = await richTour();
    const currency = tour.currency === 'EUR' ? 'CNY' : 'EUR';
    const { body } = await call('getTour', tourUrl(tour.slug), { 'x-currency': currency });
    const page = body as Tour;
    const table = await rates();
    const rows = await db
      .select()
      .from(tourDates)
      .where(and(eq(tourDates.tourId, tour.id), gte(tourDates.startDate, today)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(page.currency).toBe(currency);
    for (const date of page.dates) {
      const row = byId.get(date.id)!;
      expect(date.currency).toBe(currency);
      expect(date.price).toBe(toDisplayPrice(row.price, row.currency, currency, table));
      expect(date.price_without_discount).toBe(
        toDisplayPrice(row.priceWithoutDiscount, row.currency, currency, table),
      );
      expect(date.original_price).toBe(date.price);
    }
  });

  // The walk: with X-Currency USD a EUR date answered price 2152 and original_price 1980 (EUR).
  it.each(['USD', 'JPY'])(
    "converts a EUR date's original price to %s like its price, in whole units",
    async (currency) => {
      const [row] = await db
        .select({ date: tourDates, slug: tours.slug })
        .from(tourDates)
        .innerJoin(tours, eq(tours.id, tourDates.tourId))
        .where(
          and(
            published,
            eq(tourDates.currency, 'EUR'),
            eq(tourDates.isBusy, false),
            gte(tourDates.startDate, today),
            sql`${tourDates.numberOfFreeSeats} > 0`,
          ),
        )
        .orderBy(asc(tourDates.id))
        .limit(1);
      expect(row, 'the seed has a bookable EUR date').toBeDefined();
      const { date: stored, slug } = row!;
      const { body } = await call('getTour', tourUrl(slug), { 'x-currency': currency });
      const date = (body as Tour).dates.find((d) => d.id === stored.id)!;
      const converted = toDisplayPrice(stored.price, 'EUR', currency, await rates());
      expect(date).toMatchObject({ currency, price: converted, original_price: converted });
      expect(Number.isInteger(date.original_price)).toBe(true);
      // Not the EUR amount: the conversion is what is checked.
      expect(date.original_price).not.toBe(stored.price / 100);
    },
  );

  it('names each variant of the same dates, and answers null for a date with one offer', async () => {
    const [variant] = await db
      .select({ tourId: tourDates.tourId, startDate: tourDates.startDate })
      .from(tourDates)
      .innerJoin(tours, eq(tours.id, tourDates.tourId))
      .where(and(published, isNotNull(tourDates.variantName), gte(tourDates.startDate, today)))
      .orderBy(asc(tourDates.id))
      .limit(1);
    expect(variant, 'the seed has a published tour with variants ahead').toBeDefined();
    const [tour] = await db.select().from(tours).where(eq(tours.id, variant!.tourId));
    const { body } = await call('getTour', tourUrl(tour!.slug));
    const page = body as Tour;
    const sameDates = page.dates.filter((date) => date.start === variant!.startDate);
    expect(sameDates.map((date) => date.variant_name).sort()).toEqual([
      'Private room',
      'Shared room',
    ]);
    const alone = page.dates.filter(
      (date) => page.dates.filter((other) => other.start === date.start).length === 1,
    );
    for (const date of alone) expect(date.variant_name).toBeNull();
  });

  it('answers 422 for a currency the server does not support', async () => {
    const tour = await richTour();
    const { status, body } = await call('getTour', tourUrl(tour.slug), { 'x-currency': 'XYZ' });
    expect(status).toBe(422);
    expect(body).toEqual({ message: 'Currency XYZ is not supported' });
  });

  it('answers 410 with the spec message when every date has passed', async () => {
    const tour = await goneTour();
    const { status, body } = await call('getTour', tourUrl(tour.slug));
    expect(status).toBe(410);
    expect(body).toMatchObject({
      message: GONE_MESSAGE,
      tour: { id: tour.id, name: tour.name, slug: tour.slug },
    });
    expect(GONE_MESSAGE).toBe(
      'This page is no longer available because the tour dates have passed',
    );
  });

  it("offers the organizer's other tours and similar tours on the 410, never a dead end", async () => {
    // A gone tour whose organizer has other listed tours.
    const [row] = await db
      .select({ id: tours.id })
      .from(tours)
      .where(
        and(
          published,
          lt(tours.lastStartDate, today),
          sql`exists (select 1 from tours other where other.organizer_id = ${tours.organizerId}
            and other.id <> ${tours.id} and other.is_published and other.from_price_usd is not null)`,
        ),
      )
      .orderBy(asc(tours.id))
      .limit(1);
    expect(row, 'the seed has a gone tour whose organizer has listed tours').toBeDefined();
    const [tour] = await db.select().from(tours).where(eq(tours.id, row!.id));
    const { status, body } = await call('getTour', tourUrl(tour!.slug), { 'x-currency': 'EUR' });
    expect(status).toBe(410);
    const gone = body as TourGone;
    expect(gone.organizer?.id).toBe(tour!.organizerId);
    expect(gone.organizer_tours.length).toBeGreaterThan(0);
    expect(gone.similar_tours.length).toBeGreaterThan(0);
    const shown = [...gone.organizer_tours, ...gone.similar_tours];
    expect(shown.map((card) => card.id)).not.toContain(tour!.id);
    for (const card of shown) expect(card.currency).toBe('EUR');
    const rows = await db
      .select()
      .from(tours)
      .where(
        inArray(
          tours.id,
          shown.map((card) => card.id),
        ),
      );
    const byId = new Map(rows.map((other) => [other.id, other]));
    for (const card of gone.organizer_tours) {
      expect(byId.get(card.id)?.organizerId).toBe(tour!.organizerId);
    }
    for (const card of gone.similar_tours) {
      const other = byId.get(card.id)!;
      expect(other.organizerId).not.toBe(tour!.organizerId);
      expect([other.type, other.isCruise]).toEqual([tour!.type, tour!.isCruise]);
    }
    // Every one of them is listed: its page answers 200.
    for (const card of shown) {
      expect((await call('getTour', tourUrl(card.slug))).status, card.slug).toBe(200);
    }
    // Same country first, when the country has such tours.
    const first = byId.get(gone.similar_tours[0]!.id)!;
    const country = tour!.countryIds[0]!;
    const inCountry = await db
      .select({ id: tours.id })
      .from(tours)
      .where(
        and(
          listedTour(today),
          eq(tours.type, tour!.type),
          eq(tours.isCruise, tour!.isCruise),
          ne(tours.organizerId, tour!.organizerId),
          sql`${country} = any(${tours.countryIds})`,
        ),
      )
      .limit(1);
    if (inCountry.length > 0) expect(first.countryIds).toContain(country);
    // The search they come from is a page the site has.
    const url = gone.similar_search.url;
    if (url.startsWith('/tours')) expect(url).toContain(`countries=${country}`);
    else expect(await validate(url.slice(1))).toBe(true);
    expect(gone.similar_search.text).toMatch(/^More (tours|excursions|cruises) in /);
  });

  it('answers a redirect to the current slug for an old slug', async () => {
    const { oldSlug, slug } = await redirectedSlug();
    const { status, body } = await call('getTour', tourUrl(oldSlug));
    expect(status).toBe(200);
    expect(body).toEqual({ type: 'redirect', url: `/${slug}`, status: 301 });
  });

  it("answers 404 for any other text ending in a tour's id, never that tour", async () => {
    // Only a recorded old slug of the same tour moves (above); `/zzz-4` or a place's slug such
    // as `dettifoss-4` is no address of tour 4.
    const tour = await richTour();
    const [showplace] = await db.select({ slug: showplaces.slug }).from(showplaces).limit(1);
    expect(showplace?.slug, 'showplace slugs end in their id').toMatch(/-\d+$/);
    for (const slug of [`renamed-long-ago-${tour.id}`, `zzz-${tour.id}`, showplace!.slug]) {
      const { status, body } = await call('getTour', tourUrl(slug));
      expect(status, slug).toBe(404);
      expect(body).toEqual({ message: 'Tour not found' });
    }
    expect(await validate(`zzz-${tour.id}`)).toBe(false);
  });

  it('answers 404 for the tours of an organizer hidden from the site', async () => {
    const [hidden] = await db
      .select({ slug: tours.slug })
      .from(tours)
      .innerJoin(organizers, eq(organizers.id, tours.organizerId))
      .where(
        and(eq(tours.isPublished, true), hasFutureDate, eq(organizers.isPublishedOnSite, false)),
      )
      .orderBy(asc(tours.id))
      .limit(1);
    expect(hidden, 'the seed has a published tour of a hidden organizer').toBeDefined();
    const { status } = await call('getTour', tourUrl(hidden!.slug));
    expect(status).toBe(404);
    expect(await validate(hidden!.slug)).toBe(false);
  });

  it('answers 404 for unknown slugs, unknown ids and unpublished tours', async () => {
    const hidden = await unpublishedTour();
    const [{ maxId } = { maxId: 0 }] = await db
      .select({ maxId: sql<number>`max(${tours.id})`.mapWith(Number) })
      .from(tours);
    for (const slug of [
      'no-such-tour',
      `some-tour-${maxId + 1000}`,
      hidden.slug,
      `x-${hidden.id}`,
    ]) {
      const { status, body } = await call('getTour', tourUrl(slug));
      expect(status, slug).toBe(404);
      expect(body).toEqual({ message: 'Tour not found' });
    }
  });

  it('answers 400 for a missing slug and bad flags', async () => {
    expect((await call('getTour', '/spa/tour')).status).toBe(400);
    expect((await call('getTour', tourUrl('a-1', 'expand_program=2'))).status).toBe(400);
    expect((await call('getTour', tourUrl('a-1', 'format=long'))).status).toBe(400);
  });
});

describe('GET /spa/validate-slug (validateSlug)', () => {
  it('is true for tour slugs (current and old) and catalogue pages, false otherwise', async () => {
    const tour = await richTour();
    const { oldSlug } = await redirectedSlug();
    expect(await validate(tour.slug)).toBe(true);
    expect(await validate(oldSlug)).toBe(true);
    expect(await validate('certainly-not-a-page')).toBe(false);
    expect(await validate((await unpublishedTour()).slug)).toBe(false);
    const [page] = await db.select({ slug: seoPages.slug }).from(seoPages).limit(1);
    expect(page, 'the seed has SEO pages').toBeDefined();
    expect(await validate(page!.slug)).toBe(true);
  });
});

describe('GET /spa/tour-for-request (getTourForRequest)', () => {
  it('answers the tour with its future dates by id', async () => {
    const tour = await richTour();
    const { status, body } = await call('getTourForRequest', `/spa/tour-for-request?id=${tour.id}`);
    expect(status).toBe(200);
    const page = body as Tour;
    expect(page.id).toBe(tour.id);
    expect(page.dates.length).toBeGreaterThan(0);
    for (const date of page.dates) expect(date.start >= today).toBe(true);
  });

  it('answers 400 for an id beyond PostgreSQL integers, never a database error', async () => {
    for (const [operationId, url] of [
      ['getTourForRequest', '/spa/tour-for-request?id=2147483648'],
      ['getToursByIds', '/crm/api/tour/get-by-ids?ids=1&ids=99999999999'],
      ['getTourQuestion', '/spa/tour-question?question_id=2147483648&tour_id=1'],
      ['getToursCities', '/spa/tours-cities?tour_id=2147483648'],
    ] as const) {
      expect((await call(operationId, url)).status, url).toBe(400);
    }
  });

  it('answers 404 for an unpublished tour', async () => {
    const hidden = await unpublishedTour();
    const { status } = await call('getTourForRequest', `/spa/tour-for-request?id=${hidden.id}`);
    expect(status).toBe(404);
  });
});

describe('GET /crm/api/tour/get-by-ids (getToursByIds)', () => {
  it('answers cards in the order asked, skipping unknown and unpublished ids', async () => {
    const rows = await db
      .select({ id: tours.id })
      .from(tours)
      .where(and(published, hasFutureDate))
      .orderBy(asc(tours.id))
      .limit(4);
    const ids = rows.map((row) => row.id).reverse();
    const hidden = await unpublishedTour();
    const asked = [ids[0]!, 99_999_999, ids[1]!, hidden.id, ids[2]!, ids[3]!, ids[1]!];
    const query = asked.map((id) => `ids=${id}`).join('&');
    const { status, body } = await call('getToursByIds', `/crm/api/tour/get-by-ids?${query}`);
    expect(status).toBe(200);
    const items = (body as { items: { id: number; images: object[] }[] }).items;
    expect(items.map((item) => item.id)).toEqual(ids);
    for (const image of items.flatMap((item) => item.images))
      expect(image).not.toHaveProperty('alt');

    const withAlt = await call(
      'getToursByIds',
      `/crm/api/tour/get-by-ids?ids=${ids[0]}&with_alt=1`,
    );
    const [card] = (withAlt.body as { items: { images: { alt?: string }[] }[] }).items;
    expect(card!.images.every((image) => typeof image.alt === 'string')).toBe(true);
  });

  it('accepts a single id and answers 400 without ids', async () => {
    const tour = await richTour();
    const one = await call('getToursByIds', `/crm/api/tour/get-by-ids?ids=${tour.id}`);
    expect((one.body as { items: { id: number }[] }).items.map((item) => item.id)).toEqual([
      tour.id,
    ]);
    expect((await call('getToursByIds', '/crm/api/tour/get-by-ids')).status).toBe(400);
  });
});

describe('GET /spa/tour-question (getTourQuestion)', () => {
  it('answers the question of its tour and 404 for another tour', async () => {
    const [question] = await db
      .select()
      .from(tourQuestions)
      .innerJoin(tours, eq(tours.id, tourQuestions.tourId))
      .where(published)
      .orderBy(asc(tourQuestions.id))
      .limit(1);
    const { id, tourId, question: text, answer } = question!.tour_questions;
    const ok = await call(
      'getTourQuestion',
      `/spa/tour-question?question_id=${id}&tour_id=${tourId}`,
    );
    expect(ok.body).toEqual({ id, question: text, answer });
    const wrong = await call(
      'getTourQuestion',
      `/spa/tour-question?question_id=${id}&tour_id=${tourId + 1}`,
    );
    expect(wrong.status).toBe(404);
  });
});

describe('GET /spa/tour-program (getTourProgram)', () => {
  it('answers the program by id and tour, 404 when they do not match', async () => {
    const tour = await richTour();
    const page = (await call('getTour', tourUrl(tour.slug))).body as Tour;
    const programId = page.program_id!;
    const { status, body } = await call(
      'getTourProgram',
      `/spa/tour-program?program_id=${programId}&tour_id=${tour.id}`,
    );
    expect(status).toBe(200);
    const [program] = await db.select().from(tourPrograms).where(eq(tourPrograms.id, programId));
    expect(body).toMatchObject({ id: programId, tour_id: tour.id });
    expect((body as { days: unknown[] }).days).toHaveLength(program!.days.length);
    const mismatch = await call(
      'getTourProgram',
      `/spa/tour-program?program_id=${programId}&tour_id=${tour.id + 1}`,
    );
    expect(mismatch.status).toBe(404);
  });
});

describe('tour cities (getToursCities, getTicketTourCities)', () => {
  it('answers the cities in route order with the start and end flags', async () => {
    const [multi] = await db
      .select({ tourId: tourCities.tourId, cities: count() })
      .from(tourCities)
      .innerJoin(tours, eq(tours.id, tourCities.tourId))
      .where(published)
      .groupBy(tourCities.tourId)
      .having(sql`count(*) > 1`)
      .orderBy(asc(tourCities.tourId))
      .limit(1);
    expect(multi, 'the seed has a tour through several cities').toBeDefined();
    const expected = await db
      .select({ id: tourCities.cityId })
      .from(tourCities)
      .where(eq(tourCities.tourId, multi!.tourId))
      .orderBy(asc(tourCities.position));
    for (const [operationId, path] of [
      ['getToursCities', '/spa/tours-cities'],
      ['getTicketTourCities', '/crm/api/ticket/tour-cities'],
    ] as const) {
      const { body } = await call(operationId, `${path}?tour_id=${multi!.tourId}`);
      const items = (body as { items: { id: number; is_start: boolean; is_end: boolean }[] }).items;
      expect(items.map((item) => item.id)).toEqual(expected.map((row) => row.id));
      expect(items.map((item) => item.is_start)).toEqual(items.map((_, index) => index === 0));
      expect(items.map((item) => item.is_end)).toEqual(
        items.map((_, index) => index === items.length - 1),
      );
      const unknown = await call(operationId, `${path}?tour_id=99999999`);
      expect(unknown.body).toEqual({ items: [] });
    }
  });
});

describe('GET /spa/individual-tour (getIndividualTour)', () => {
  it('answers the tour page with the offer as its only date and price', async () => {
    const [offer] = await db
      .select()
      .from(individualTours)
      .where(gte(individualTours.startDate, today))
      .orderBy(asc(individualTours.uuid))
      .limit(1);
    expect(offer, 'the seed has an individual tour').toBeDefined();
    const { status, body } = await call(
      'getIndividualTour',
      `/spa/individual-tour?uuid=${offer!.uuid}`,
      { 'x-currency': offer!.currency },
    );
    expect(status).toBe(200);
    const page = body as Tour;
    expect(page.id).toBe(offer!.tourId);
    expect(page.dates).toHaveLength(1);
    expect(page.dates[0]).toMatchObject({
      start: offer!.startDate,
      currency: offer!.currency,
      original_price: Math.round(offer!.price / 100),
      price: Math.round(offer!.price / 100),
    });
    expect(page.price).toBe(page.dates[0]!.price);
    expect(page.program?.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown uuid and 410 once the offer date has passed', async () => {
    expect(
      (await call('getIndividualTour', `/spa/individual-tour?uuid=${randomUUID()}`)).status,
    ).toBe(404);
    const tour = await richTour();
    const uuid = randomUUID();
    await db.insert(individualTours).values({
      uuid,
      tourId: tour.id,
      clientName: 'Test Client',
      startDate: '2020-01-01',
      price: 100_000,
      currency: tour.currency,
    });
    try {
      const { status, body } = await call('getIndividualTour', `/spa/individual-tour?uuid=${uuid}`);
      expect(status).toBe(410);
      expect(body).toEqual({ message: GONE_MESSAGE });
    } finally {
      await db.delete(individualTours).where(eq(individualTours.uuid, uuid));
    }
  });
});

describe('GET /crm/api/tour/excursion-dates (getExcursionDates)', () => {
  it('answers the future dates of an excursion and 404 for a multi-day tour', async () => {
    const [excursion] = await db
      .select({ id: tours.id })
      .from(tours)
      .where(and(published, hasFutureDate, eq(tours.type, 2)))
      .orderBy(asc(tours.id))
      .limit(1);
    expect(excursion, 'the seed has an excursion').toBeDefined();
    const { body } = await call(
      'getExcursionDates',
      `/crm/api/tour/excursion-dates?id=${excursion!.id}`,
    );
    const expected = await db
      .select({ id: tourDates.id })
      .from(tourDates)
      .where(and(eq(tourDates.tourId, excursion!.id), gte(tourDates.startDate, today)))
      .orderBy(asc(tourDates.startDate), asc(tourDates.id));
    expect((body as { items: { id: number }[] }).items.map((item) => item.id)).toEqual(
      expected.map((row) => row.id),
    );
    const [multiDay] = await db
      .select({ id: tours.id })
      .from(tours)
      .where(and(published, ne(tours.type, 2)))
      .limit(1);
    const { status } = await call(
      'getExcursionDates',
      `/crm/api/tour/excursion-dates?id=${multiDay!.id}`,
    );
    expect(status).toBe(404);
  });
});
