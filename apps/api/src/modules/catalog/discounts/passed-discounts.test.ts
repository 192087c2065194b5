/**
 * Dated offers end on their day (`endPassedDiscounts`): the date sells at its full price again,
 * its dollar figures follow, the change reaches the change log, and a live offer stays.
 */
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { tourChanges, tourDates } from '#src/db/schema/index.ts';
import { openScratchDatabase, type ScratchDatabase } from '#src/testing/scratch-database.ts';
import { endPassedDiscounts } from './passed-discounts.ts';

let scratch: ScratchDatabase;
let db: Database;

beforeAll(async () => {
  scratch = await openScratchDatabase('passed_discounts');
  db = scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.drop());

const TODAY = '2027-03-10';

async function offer(id: number, validUntil: string) {
  const [row] = await db
    .update(tourDates)
    .set({
      discountKind: 'seasonal',
      discountPercent: 20,
      discountValidUntil: validUntil,
      isDiscountAuto: true,
      // In dollars, so the figures at the full price read plainly (rate 1).
      currency: 'USD',
      priceWithoutDiscount: 100_000,
      price: 80_000,
      priceUsd: 80_000,
      pricePerDayUsd: 10_000,
      duration: 8,
    })
    .where(eq(tourDates.id, id))
    .returning();
  return row!;
}

describe('endPassedDiscounts', () => {
  it('ends the offers whose last day passed, and keeps those still running', async () => {
    const dates = await db.select({ id: tourDates.id, tourId: tourDates.tourId }).from(tourDates);
    const [passed, lastDay, running] = dates;
    await offer(passed!.id, '2027-03-09');
    await offer(lastDay!.id, TODAY);
    await offer(running!.id, '2027-04-01');
    // Nothing else in the scratch catalogue has an offer that ended before today.
    await db
      .update(tourDates)
      .set({ discountValidUntil: null })
      .where(
        and(
          isNotNull(tourDates.discountValidUntil),
          sql`${tourDates.id} not in (${passed!.id}, ${lastDay!.id}, ${running!.id})`,
        ),
      );
    const before = new Date();

    expect(await endPassedDiscounts(db, TODAY)).toBe(1);

    const [ended] = await db.select().from(tourDates).where(eq(tourDates.id, passed!.id));
    expect(ended).toMatchObject({
      price: 100_000,
      priceWithoutDiscount: 100_000,
      priceUsd: 100_000,
      pricePerDayUsd: 12_500,
      discountKind: null,
      discountPercent: null,
      discountValidUntil: null,
      isDiscountAuto: false,
    });
    for (const id of [lastDay!.id, running!.id]) {
      const [kept] = await db.select().from(tourDates).where(eq(tourDates.id, id));
      expect(kept).toMatchObject({ price: 80_000, discountKind: 'seasonal', discountPercent: 20 });
    }
    // Every process hears of the tour through the change log (decision 110).
    const logged = await db
      .select({ tourId: tourChanges.tourId })
      .from(tourChanges)
      .where(gt(tourChanges.changedAt, new Date(before.getTime() - 1_000)));
    expect(logged.map((row) => row.tourId)).toContain(passed!.tourId);
    // A second round finds nothing more to end.
    expect(await endPassedDiscounts(db, TODAY)).toBe(0);
  });
});
