/**
 * The demo catalogue reads like a real one (issue 44, finding 17): pictures show the region's
 * landscape, names speak only of what the place has, no two reviews read the same, and every text
 * about the riding agrees with the ride's level.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@gallop/api/src/db/client.ts';
import { isLandscapeName, parseLandscape } from '@gallop/api/src/modules/media/index.ts';
import { openTestDatabase, TEST_SEED_TOURS } from '@gallop/api/src/testing/database.ts';
import { resolveLandscape } from '../media/render/landscapes.ts';
import { COUNTRIES, type RegionFeature, type RegionSeed } from './data/world.ts';
import { DESTINATION_COUNTRY_IDS } from './geography.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await database.db.execute<T & Record<string, unknown>>(query)).rows as T[];
}

const REGIONS = new Map<string, RegionSeed & { country: string; worldPart: string }>(
  COUNTRIES.flatMap((country) =>
    country.regions.map(
      (region) =>
        [region.name, { ...region, country: country.name, worldPart: country.worldPart }] as const,
    ),
  ),
);

function regionSeed(name: string) {
  const seed = REGIONS.get(name);
  if (!seed) throw new Error(`No region seed named ${name}`);
  return seed;
}

/** A stored picture: the generator's drawings name their seed and landscape; uploads a file. */
interface GeneratedPicture {
  seed?: number;
  url?: string;
  landscape?: string;
}

/** Countries without a sea coast: no picture or name of theirs may show one. */
const LANDLOCKED = ['Mongolia', 'Kazakhstan', 'Kyrgyzstan', 'Hungary', 'Botswana'];

interface TourRow {
  id: number;
  name: string;
  type: number;
  is_cruise: boolean;
  difficulty: number;
  duration: number;
  description: string;
  region: string;
  country: string;
  water: string | null;
  showplaces: string[];
  cities: string[];
  start_city: string;
  images: { scene: string; landscape?: string }[];
  days: { title: string; description: string; images: { landscape?: string }[] }[];
  questions: { question: string; answer: string }[];
  collections: string[];
  rest_kinds: string[];
}

let tours: TourRow[];
beforeAll(async () => {
  tours = await rows<TourRow>(sql`
    SELECT t.id, t.name, t.type, t.is_cruise, t.difficulty, t.duration, t.description,
      r.name AS region, c.name AS country, w.name AS water,
      coalesce((SELECT array_agg(s.name) FROM showplaces s WHERE s.country_id = c.id), '{}') AS showplaces,
      coalesce((SELECT array_agg(ci.name) FROM cities ci WHERE ci.country_id = c.id), '{}') AS cities,
      sc.name AS start_city, t.images,
      coalesce(p.days, '[]') AS days,
      coalesce((SELECT json_agg(json_build_object('question', q.question, 'answer', q.answer))
        FROM tour_questions q WHERE q.tour_id = t.id), '[]') AS questions,
      coalesce((SELECT array_agg(co.name) FROM collections co WHERE co.id = ANY(t.collection_ids)), '{}') AS collections,
      coalesce((SELECT array_agg(k.name) FROM rest_kinds k WHERE k.id = ANY(t.rest_kind_ids)), '{}') AS rest_kinds
    FROM tours t
    JOIN regions r ON r.id = t.region_ids[1]
    JOIN countries c ON c.id = t.country_ids[1]
    JOIN cities sc ON sc.id = t.start_city_id
    LEFT JOIN water_objects w ON w.id = t.water_object_id
    LEFT JOIN tour_programs p ON p.tour_id = t.id
    -- The seeded tours (numbered in generation order), not those other test files add.
    WHERE t.id <= ${TEST_SEED_TOURS}
    ORDER BY t.id`);
});

describe('pictures of the demo catalogue', () => {
  it('give every region and destination a landscape, with no sea in a landlocked country', async () => {
    const places = await rows<{ name: string; country: string; landscape: string | null }>(sql`
      SELECT r.name, c.name AS country, r.landscape FROM regions r JOIN countries c ON c.id = r.country_id
      UNION ALL SELECT c.name, c.name, c.landscape FROM countries c
        WHERE c.id IN (${sql.raw(DESTINATION_COUNTRY_IDS.join(','))})`);
    expect(places.length).toBeGreaterThan(100);
    for (const place of places) {
      expect(place.landscape !== null && isLandscapeName(place.landscape), place.name).toBe(true);
      if (LANDLOCKED.includes(place.country)) {
        expect(parseLandscape(place.landscape as never).coast, place.name).toBe(false);
      }
    }
    const mongolia = places.filter((place) => place.country === 'Mongolia');
    expect(mongolia.map((place) => place.landscape)).not.toContain('cactus-desert');
  });

  it('draw every picture of a tour in its region’s landscape, and cacti only in the Americas', async () => {
    const photos = await rows<{ tour_id: number; images: GeneratedPicture[] }>(
      sql`SELECT tour_id, images FROM reviews WHERE jsonb_array_length(images) > 0`,
    );
    const photosByTour = new Map<number, typeof photos>();
    for (const photo of photos) {
      photosByTour.set(photo.tour_id, [...(photosByTour.get(photo.tour_id) ?? []), photo]);
    }
    for (const tour of tours) {
      const region = regionSeed(tour.region);
      // The generator's drawings carry their seed and no file; on PostgreSQL other test files add
      // reviews with uploaded photos (a `url`) to the same tours, which are not drawings.
      const pictures = [
        ...tour.images,
        ...tour.days.flatMap((day) => day.images),
        ...(photosByTour.get(tour.id) ?? []).flatMap((photo) => photo.images),
      ].filter(
        (picture: GeneratedPicture) =>
          typeof picture.seed === 'number' && picture.url === undefined,
      );
      expect(pictures.length, `tour ${tour.id}`).toBeGreaterThan(0);
      for (const picture of pictures) {
        const landscape = picture.landscape;
        expect(landscape !== undefined && isLandscapeName(landscape), `tour ${tour.id}`).toBe(true);
        const { terrain, coast } = parseLandscape(landscape as never);
        expect(terrain, `tour ${tour.id} in ${tour.region}`).toBe(region.landscape);
        // Only a ship on a sea shows a coast the region itself does not have.
        if (coast && !region.coast) expect(tour.is_cruise, `tour ${tour.id}`).toBe(true);
        const trees = resolveLandscape(landscape as never).trees.map(([kind]) => kind);
        if (trees.includes('cactus')) {
          expect(['North America', 'South America'], `cacti in ${tour.country}`).toContain(
            region.worldPart,
          );
        }
      }
    }
  });
});

/** Words of a name that claim something about the place, and what the region must have. */
const NAME_CLAIMS: readonly [RegExp, (region: RegionSeed) => boolean][] = [
  [/\b(Coast|Beach(es)?|Harbours?|Fjords?)\b/, (region) => region.coast === true],
  [/\bNomad/, (region) => region.features.includes('nomads')],
  [/\bRanch/, (region) => region.features.includes('ranches')],
  [/\bWild Horses\b/, (region) => region.features.includes('wild-horses')],
  [/\b(Vineyard|Wine)/, (region) => region.features.includes('vineyards')],
  [/\b(Highland|Mountains?)\b/, (region) => has(region, 'mountains', 'highlands')],
  [/\bSteppe\b/, (region) => region.features.includes('steppe')],
  [/\bDesert\b/, (region) => region.features.includes('desert')],
  [/\b(Safari|Wildlife)\b/, (region) => region.features.includes('wildlife')],
  [/\bForests?\b/, (region) => region.features.includes('forest')],
  [/\bLakes?(side)?\b/, (region) => region.features.includes('lakes')],
  [/\bIce\b|\bGlacier/, (region) => region.features.includes('glaciers')],
  [/\bFire\b|\bVolcan/, (region) => region.features.includes('volcanoes')],
  [/\bCastles?\b/, (region) => region.features.includes('castles')],
  [/\bCanyon/, (region) => region.features.includes('canyons')],
  [/\bWetlands?\b/, (region) => region.features.includes('wetlands')],
  [/\bOld Towns?\b/, (region) => region.features.includes('old-towns')],
  [/\bVillages?\b/, (region) => region.features.includes('villages')],
];

function has(region: RegionSeed, ...features: RegionFeature[]) {
  return features.some((feature) => region.features.includes(feature));
}

/** The name without the proper names in it (Lake Myvatn, Atlantic Coast, Coral Coast Sea). */
function claimsOf(tour: TourRow): string {
  const properNames = [tour.region, tour.country, tour.water, ...tour.showplaces, ...tour.cities]
    .filter((name): name is string => Boolean(name))
    .sort((a, b) => b.length - a.length);
  return properNames.reduce((name, proper) => name.replaceAll(proper, '·'), tour.name);
}

describe('names of the demo catalogue', () => {
  it('speak only of what the place has: no coast in Mongolia, no nomads in Tuscany', () => {
    const wrong: string[] = [];
    for (const tour of tours) {
      const region = regionSeed(tour.region);
      const claims = claimsOf(tour);
      for (const [claim, holds] of NAME_CLAIMS) {
        if (claim.test(claims) && !holds(region))
          wrong.push(`${tour.id} ${tour.name} (${tour.region})`);
      }
    }
    expect(wrong).toEqual([]);
    const mongolian = tours.filter((tour) => tour.country === 'Mongolia');
    expect(mongolian.length).toBeGreaterThan(5);
    expect(mongolian.filter((tour) => /Coast|Beach/.test(tour.name))).toEqual([]);
  });

  it('gallop on a beach only from a town with one, and call only easy rides first steps', () => {
    const beachTowns = new Set(
      COUNTRIES.flatMap((country) =>
        country.regions.flatMap((region) =>
          region.cities.filter((city) => city.beach).map((city) => city.name),
        ),
      ),
    );
    for (const tour of tours) {
      if (/^Beach /.test(tour.name)) expect(beachTowns, tour.name).toContain(tour.start_city);
      if (/\bGallop\b/.test(tour.name)) expect(tour.difficulty, tour.name).toBe(4);
      if (/First Steps/.test(tour.name)) expect(tour.difficulty, tour.name).toBe(1);
    }
  });
});

describe('reviews of the demo catalogue', () => {
  it('never repeat one another, and run from a few words to a story', async () => {
    const reviews = await rows<{ text: string; rating: number }>(
      sql`SELECT text, rating FROM reviews`,
    );
    expect(reviews.length).toBeGreaterThan(500);
    const texts = reviews.map((review) => review.text);
    const repeated = texts.filter((text, index) => texts.indexOf(text) !== index);
    expect(repeated).toEqual([]);
    const words = texts.map((text) => text.split(/\s+/).length);
    expect(new Set(words).size).toBeGreaterThanOrEqual(30);
    expect(Math.min(...words)).toBeLessThanOrEqual(8);
    expect(Math.max(...words)).toBeGreaterThanOrEqual(60);
  });

  it('sound like their rating: no one-star review recommends the ride', async () => {
    const reviews = await rows<{ text: string; rating: number }>(
      sql`SELECT text, rating FROM reviews`,
    );
    for (const review of reviews) {
      const praises = /Highly recommended|Book it\.|Absolutely magical|Worth every penny/.test(
        review.text,
      );
      if (review.rating <= 2) expect(praises, review.text).toBe(false);
    }
  });
});

/** Words that make canter or gallop part of the ride ("no cantering" does not). */
const CANTER_OR_GALLOP = /\b(canters?|gallops?)\b/i;
const BEGINNERS_WELCOME = /beginners (are )?welcome/i;

describe('riding texts of the demo catalogue', () => {
  it('never welcome beginners where the pace requires canter or gallop', () => {
    const wrong: string[] = [];
    for (const tour of tours) {
      const texts = [
        tour.description,
        ...tour.days.flatMap((day) => [day.title, day.description]),
        ...tour.questions.map((faq) => faq.answer),
        tour.name,
      ];
      const welcomesBeginners = texts.some((text) => BEGINNERS_WELCOME.test(text));
      const requiresCanter = texts.some((text) => CANTER_OR_GALLOP.test(text));
      if (welcomesBeginners && requiresCanter) wrong.push(`${tour.id} ${tour.name}`);
      if (welcomesBeginners !== (tour.difficulty === 1))
        wrong.push(`${tour.id} level ${tour.difficulty}`);
      if (tour.difficulty === 1 && requiresCanter) wrong.push(`${tour.id} easy with canters`);
      if (tour.difficulty === 4 && !texts.some((text) => /\bgallops?\b/i.test(text))) {
        wrong.push(`${tour.id} extreme without a gallop`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answer the riding-level question on every tour, in the words of its level', () => {
    for (const tour of tours) {
      const level = tour.questions.find((faq) => faq.question === 'What riding level do I need?');
      expect(level, `tour ${tour.id}`).toBeDefined();
      expect(/complete beginners are welcome/i.test(level!.answer), `tour ${tour.id}`).toBe(
        tour.difficulty === 1,
      );
      expect(/\bgallop\b/i.test(level!.answer), `tour ${tour.id}`).toBe(tour.difficulty === 4);
    }
  });

  it('answer the weight and non-rider questions with the tour’s own requirements', async () => {
    const limits = new Map(
      (
        await rows<{ id: number; max: number; heavy: number; non_riders: boolean }>(sql`
          SELECT id, max_rider_weight_kg AS max, heavy_rider_weight_kg AS heavy,
            non_riders_welcome AS non_riders
          FROM tours WHERE id <= ${TEST_SEED_TOURS}`)
      ).map((row) => [row.id, row]),
    );
    const kg = (text: string) => [...text.matchAll(/(\d+)\u00a0kg/g)].map((m) => Number(m[1]));
    let weights = 0;
    let nonRiders = 0;
    for (const tour of tours) {
      const limit = limits.get(tour.id)!;
      for (const { question, answer } of tour.questions) {
        if (question === 'Is there a weight limit?') {
          weights += 1;
          const expected = limit.heavy > limit.max ? [limit.max, limit.heavy] : [limit.max];
          expect(kg(answer), `tour ${tour.id}: ${answer}`).toEqual(expected);
        }
        if (question === 'Can non-riders come along?') {
          nonRiders += 1;
          expect(answer.startsWith('Yes'), `tour ${tour.id}: ${answer}`).toBe(limit.non_riders);
        }
      }
    }
    // Both questions are drawn for some tours, so the check above is not empty.
    expect(weights).toBeGreaterThan(0);
    expect(nonRiders).toBeGreaterThan(0);
  });

  it('let the demo chat’s organizer describe the level and age limit of the tour it is about', async () => {
    const [answer] = await rows<{ body: string; difficulty: number; min_age: number }>(sql`
      SELECT m.body, t.difficulty, t.min_age FROM chat_messages m
      JOIN chats c ON c.id = m.chat_id JOIN tours t ON t.id = c.tour_id
      WHERE m.body LIKE 'Hello and thanks for writing!%'`);
    expect(answer, 'the demo chat about a tour').toBeDefined();
    expect(CANTER_OR_GALLOP.test(answer!.body), answer!.body).toBe(answer!.difficulty > 1);
    expect(/\bgallops?\b/.test(answer!.body), answer!.body).toBe(answer!.difficulty === 4);
    expect(answer!.body).toContain(
      answer!.min_age > 0 ? `from ${answer!.min_age} years old` : 'no age limit',
    );
  });

  it('put a tour in the beginners’ lists only when its level is easy', () => {
    for (const tour of tours) {
      if (tour.collections.includes('Best for beginners')) expect(tour.difficulty).toBe(1);
      if (tour.rest_kinds.includes('Riding lessons')) expect(tour.difficulty).toBe(1);
      if (tour.collections.includes('For experienced riders')) {
        expect(tour.difficulty).toBeGreaterThanOrEqual(3);
      }
    }
  });
});

describe('the demo catalogue’s riding requirements', () => {
  it('match the difficulty, the country’s horses and the route, and leave some heavier horses taken', async () => {
    const riding = await rows<{
      id: number;
      difficulty: number;
      rider_level: number;
      pace_canter: number;
      pace_gallop: number;
      hours_typical_day: number;
      iso: string;
      type: number;
      is_cruise: boolean;
      tack: string;
      max_rider_weight_kg: number;
      heavy_rider_weight_kg: number;
      min_riding_age: number;
      min_age: number;
    }>(sql`
      SELECT t.id, t.difficulty, t.rider_level, t.pace_canter, t.pace_gallop, t.hours_typical_day,
        c.iso_code AS iso, t.type, t.is_cruise, t.tack, t.max_rider_weight_kg, t.heavy_rider_weight_kg,
        t.min_riding_age, t.min_age
      FROM tours t JOIN countries c ON c.id = t.country_ids[1]`);
    expect(riding.length).toBeGreaterThan(0);
    for (const tour of riding) {
      // A beginner ride never asks for a canter; only the hardest rides gallop.
      if (tour.rider_level === 0) expect(tour.pace_canter, `tour ${tour.id}`).toBe(0);
      expect(tour.pace_gallop > 0, `tour ${tour.id}`).toBe(tour.difficulty >= 3);
      expect(tour.rider_level, `tour ${tour.id}`).toBeGreaterThanOrEqual(tour.difficulty - 1);
      expect(tour.min_riding_age).toBeGreaterThanOrEqual(tour.min_age);
      if (tour.iso === 'MN') {
        expect(tour.tack).toBe('other');
        expect(tour.max_rider_weight_kg).toBe(85);
        if (tour.type === 1 && !tour.is_cruise && tour.difficulty >= 3) {
          expect(tour.rider_level, `tour ${tour.id}`).toBeGreaterThanOrEqual(3);
          expect(tour.hours_typical_day).toBe(6);
        }
      }
      if (tour.iso === 'US') expect(tour.tack).toBe('western');
    }
    // The weight limit varies with the horses.
    expect(new Set(riding.map((tour) => tour.max_rider_weight_kg)).size).toBeGreaterThan(2);

    const [places] = await rows<{ offered: number; gone: number }>(sql`
      SELECT count(*) FILTER (WHERE heavy_places > 0)::int AS offered,
        count(*) FILTER (WHERE heavy_places > 0 AND heavy_places_free = 0)::int AS gone
      FROM tour_dates`);
    expect(places!.offered).toBeGreaterThan(0);
    expect(places!.gone).toBeGreaterThan(0);
    expect(places!.gone).toBeLessThan(places!.offered);
  });
});

describe('the demo catalogue’s horse welfare (decision 114)', () => {
  it('is stated by every organizer, varied, and agrees with every tour’s riding', async () => {
    const organizers = await rows<{
      rest: number | null;
      turnout: string | null;
      retirement: string | null;
      farrier_weeks: number | null;
      farrier_on_call: boolean | null;
    }>(sql`select welfare_rest_days_per_week as rest, welfare_turnout as turnout,
      welfare_retirement as retirement, welfare_farrier_weeks as farrier_weeks,
      welfare_farrier_on_call as farrier_on_call from organizers`);
    expect(organizers.every((row) => row.turnout !== null && row.rest !== null)).toBe(true);
    expect(new Set(organizers.map((row) => row.turnout)).size).toBe(4);
    expect(new Set(organizers.map((row) => row.retirement)).size).toBe(3);
    expect(new Set(organizers.map((row) => row.rest)).size).toBeGreaterThan(1);
    expect(organizers.some((row) => row.farrier_weeks === null && row.farrier_on_call)).toBe(true);

    const tours = await rows<{
      hours_longest_day: number;
      work_hours: number;
      rest: number;
      own_rest: number | null;
      own_hours: number | null;
      landscape: string;
      difficulty: number;
      type: number;
      is_cruise: boolean;
    }>(sql`select t.hours_longest_day, coalesce(t.welfare_max_work_hours, o.welfare_max_work_hours) as work_hours,
      coalesce(t.welfare_rest_days_per_week, o.welfare_rest_days_per_week) as rest,
      t.welfare_rest_days_per_week as own_rest, t.welfare_max_work_hours as own_hours,
      r.landscape, t.difficulty, t.type, t.is_cruise
      from tours t join organizers o on o.id = t.organizer_id
      join regions r on r.id = t.region_ids[1]`);
    // The horses work at least as long as the riders ride on the longest day.
    expect(tours.filter((tour) => tour.work_hours < tour.hours_longest_day)).toEqual([]);
    // A long steppe crossing rests its horses at least two days a week, in its own words.
    const crossings = tours.filter(
      (tour) =>
        tour.type === 1 && !tour.is_cruise && tour.landscape === 'steppe' && tour.difficulty >= 3,
    );
    expect(crossings.length).toBeGreaterThan(0);
    expect(crossings.every((tour) => tour.rest >= 2 && tour.own_rest !== null)).toBe(true);
    // A few tours override, most take their organizer's statement.
    const overriding = tours.filter((tour) => tour.own_rest !== null || tour.own_hours !== null);
    expect(overriding.length).toBeGreaterThan(0);
    expect(overriding.length).toBeLessThan(tours.length / 3);
  });
});
