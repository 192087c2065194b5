import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { tours } from '#src/db/schema/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';

let testApp: TestApp;
let db: Database;
const today = todayIso();

beforeAll(async () => {
  testApp = await buildTestApp();
  db = testApp.database.db;
});
afterAll(() => testApp.close());

async function publishedTourId(upcoming: boolean): Promise<number> {
  const [tour] = await db
    .select({ id: tours.id })
    .from(tours)
    .where(
      and(
        eq(tours.isPublished, true),
        upcoming ? gte(tours.lastStartDate, today) : lt(tours.lastStartDate, today),
      ),
    )
    .orderBy(asc(tours.id))
    .limit(1);
  expect(
    tour,
    `the seed has a published tour ${upcoming ? 'with' : 'without'} dates ahead`,
  ).toBeDefined();
  return tour!.id;
}

describe('GET /crm/api/tour/get-by-ids: tours whose dates have passed', () => {
  it('keeps their cards, marked `dates_passed`, and leaves the others unmarked', async () => {
    const gone = await publishedTourId(false);
    const open = await publishedTourId(true);
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/crm/api/tour/get-by-ids?ids=${gone}&ids=${open}`,
    });
    expect(response.statusCode).toBe(200);
    const { items } = expectContractResponse(response, 'getToursByIds') as {
      items: { id: number; dates_passed?: boolean }[];
    };
    expect(items.map((item) => item.id)).toEqual([gone, open]);
    expect(items[0]!.dates_passed).toBe(true);
    expect(items[1]).not.toHaveProperty('dates_passed');
  });
});
