/**
 * The demo catalogue's ages agree with its riding (decision 149): no tour's minimum age is below
 * what its riding ages and non-rider policy allow, and every tour of a family collection or ride
 * style takes a child of the age it names, riding or coming along without riding.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@gallop/api/src/db/client.ts';
import { openTestDatabase, TEST_SEED_TOURS } from '@gallop/api/src/testing/database.ts';
import { COLLECTIONS, REST_KINDS } from './data/catalog.ts';
import { seedMinAge } from './riding.ts';

interface AgesRow {
  id: number;
  min_age: number;
  min_riding_age: number;
  max_riding_age: number | null;
  non_riders_welcome: boolean;
  collections: string[];
  rest_kinds: string[];
}

let database: DatabaseHandle;
let tours: AgesRow[];
beforeAll(async () => {
  database = await openTestDatabase();
  tours = (
    await database.db.execute<AgesRow & Record<string, unknown>>(sql`
      SELECT t.id, t.min_age, t.min_riding_age, t.max_riding_age, t.non_riders_welcome,
        coalesce((SELECT array_agg(co.name) FROM collections co WHERE co.id = ANY(t.collection_ids)), '{}') AS collections,
        coalesce((SELECT array_agg(k.name) FROM rest_kinds k WHERE k.id = ANY(t.rest_kind_ids)), '{}') AS rest_kinds
      FROM tours t
      -- The seeded tours (numbered in generation order), not those other test files add.
      WHERE t.id <= ${TEST_SEED_TOURS}
      ORDER BY t.id`)
  ).rows;
});
afterAll(() => database.close());

/** Read plainly: the child rides within the riding ages, or comes along as a non-rider. */
function childCanJoin(tour: AgesRow, age: number): boolean {
  const rides =
    age >= tour.min_riding_age && (tour.max_riding_age === null || age <= tour.max_riding_age);
  return age >= tour.min_age && (rides || tour.non_riders_welcome);
}

describe('the demo catalogue’s ages (decision 149)', () => {
  it('never set a minimum age below what the riding ages and the non-rider policy allow', () => {
    expect(tours).toHaveLength(TEST_SEED_TOURS);
    for (const tour of tours) {
      const context = JSON.stringify(tour);
      // A traveller of the minimum age can join: nobody younger rides where nobody else comes.
      expect(childCanJoin(tour, tour.min_age), context).toBe(true);
      if (!tour.non_riders_welcome) {
        expect(tour.min_age, context).toBeGreaterThanOrEqual(tour.min_riding_age);
      }
    }
    // Younger children come along on tours that welcome non-riders: the rule has both sides.
    const comeAlong = tours.filter((tour) => tour.min_age < tour.min_riding_age);
    expect(comeAlong.length).toBeGreaterThan(10);
    expect(comeAlong.every((tour) => tour.non_riders_welcome)).toBe(true);
  });

  const families = [
    ...COLLECTIONS.map((collection) => ({ ...collection, list: 'collections' as const })),
    ...REST_KINDS.map((kind) => ({ ...kind, list: 'rest_kinds' as const })),
  ].filter((family) => family.forChildrenFrom !== undefined);

  it('names the family collection and ride style', () => {
    expect(families.map((family) => family.name).sort()).toEqual([
      'Family adventures',
      'Family riding holidays',
    ]);
  });

  it.each(families)(
    'lets a child join every tour of “$name”',
    ({ name, list, forChildrenFrom }) => {
      const age = forChildrenFrom!;
      const members = tours.filter((tour) => tour[list].includes(name));
      expect(members.length).toBeGreaterThan(3);
      for (const tour of members) expect(childCanJoin(tour, age), JSON.stringify(tour)).toBe(true);
    },
  );

  it('raises a drawn minimum age to the riders’ only where non-riders are not welcome', () => {
    expect(seedMinAge(0, { minRidingAge: 14, nonRidersWelcome: false })).toBe(14);
    expect(seedMinAge(6, { minRidingAge: 8, nonRidersWelcome: true })).toBe(6);
    expect(seedMinAge(16, { minRidingAge: 14, nonRidersWelcome: false })).toBe(16);
  });
});
