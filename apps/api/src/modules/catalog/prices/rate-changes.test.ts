/**
 * A rate change moves every price search keeps in dollars (decision 168): the dates priced in the
 * currency and their tours' cheapest price, so search filters and sorts at the rate its cards
 * show. Bad rates are refused with nothing changed. On PostgreSQL (`api-postgres`) a rate change
 * and a date's price write (an offer ending) run at once, round after round, and no date is left
 * on the old rate.
 */
import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { currencyRates, tourDates, tours } from '#src/db/schema/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { scratchAppForFile } from '#src/testing/scratch-database.ts';
import { endPassedDiscounts } from '../discounts/passed-discounts.ts';
import { changeCurrencyRates, type RateChange } from './rate-changes.ts';

const scratch = scratchAppForFile('rate_changes');
const today = todayIso();

type Item = { id: number; price: number };

/** The pages of `/spa/tours` in dollars, in order: all of them, or the first `pages`. */
async function search(query: Record<string, string | number>, pages = Infinity): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page += 1) {
    const response = await scratch.app().inject({
      method: 'GET',
      url: `/spa/tours?${new URLSearchParams({ ...query, page: String(page) } as Record<string, string>)}`,
      headers: { 'x-currency': 'USD' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ items: Item[]; pagination: { page_count: number } }>();
    items.push(...body.items);
    if (page >= Math.min(pages, body.pagination.page_count)) return items;
  }
}

async function eurRate(): Promise<number> {
  const [row] = await scratch
    .db()
    .select()
    .from(currencyRates)
    .where(eq(currencyRates.code, 'EUR'));
  return row!.perUsd;
}

/** The figures every date priced in EUR must hold at `perUsd`, computed here independently. */
async function expectEurDatesAt(perUsd: number) {
  const rows = await scratch.db().select().from(tourDates).where(eq(tourDates.currency, 'EUR'));
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const usd = Math.round(row.price / perUsd);
    expect({ id: row.id, usd: row.priceUsd, perDay: row.pricePerDayUsd }).toEqual({
      id: row.id,
      usd,
      perDay: Math.round(usd / Math.max(1, row.duration)),
    });
  }
}

async function until(condition: () => Promise<boolean>, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('search did not follow the rate change in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('changeCurrencyRates', () => {
  it('reprices the currency’s dates and tours; search filters and sorts at the new rate', async () => {
    const db = scratch.db();
    const oldRate = await eurRate();
    await expectEurDatesAt(oldRate);
    const others = await db.select().from(tourDates).where(ne(tourDates.currency, 'EUR'));
    const currencyOf = new Map(
      (
        await db
          .selectDistinct({ id: tourDates.tourId, currency: tourDates.currency })
          .from(tourDates)
      ).map((row) => [row.id, row.currency]),
    );
    // A EUR tour `a` cheaper than a tour `b` in another currency, which `a` passes once EUR is
    // worth twice as many dollars.
    const before = await search({ sort: 'price' }, 3);
    let pair: { a: Item; b: Item } | undefined;
    for (const a of before.filter((item) => currencyOf.get(item.id) === 'EUR')) {
      const b = before.find(
        (item) =>
          currencyOf.get(item.id) !== 'EUR' &&
          item.price > a.price + 2 &&
          item.price < 2 * a.price - 2,
      );
      if (b) pair = { a, b };
      if (pair) break;
    }
    expect(pair, 'a EUR tour and a dearer one in another currency').toBeDefined();
    const { a, b } = pair!;
    const aPrices = { priceMin: a.price - 1, priceMax: a.price + 1 };
    expect((await search(aPrices)).map((item) => item.id)).toContain(a.id);

    const result = await changeCurrencyRates(db, [{ code: 'EUR', perUsd: oldRate / 2 }], { today });
    expect(result).toMatchObject({ kind: 'changed', changed: ['EUR'] });
    await expectEurDatesAt(oldRate / 2);
    // Dates in other currencies keep their figures.
    const figures = (rows: (typeof tourDates.$inferSelect)[]) =>
      rows.map((row) => `${row.id}:${row.priceUsd}:${row.pricePerDayUsd}`).sort();
    expect(figures(await db.select().from(tourDates).where(ne(tourDates.currency, 'EUR')))).toEqual(
      figures(others),
    );
    // Each tour's cheapest bookable future date prices it (`from_price_usd`).
    const [tour] = await db.select().from(tours).where(eq(tours.id, a.id));
    const bookable = await db
      .select({ priceUsd: tourDates.priceUsd })
      .from(tourDates)
      .where(
        and(
          eq(tourDates.tourId, a.id),
          gte(tourDates.startDate, today),
          eq(tourDates.isBusy, false),
          sql`${tourDates.numberOfFreeSeats} > 0`,
        ),
      );
    expect(tour!.fromPriceUsd).toBe(Math.min(...bookable.map((row) => row.priceUsd)));

    // Every process's index, cached answers and rates follow within seconds.
    const aNow = (items: Item[]) => items.find((item) => item.id === a.id);
    const around = { priceMin: a.price - 1, priceMax: 2 * a.price + 2 };
    await until(async () => {
      const sorted = await search({ sort: 'price', ...around });
      const shown = aNow(sorted);
      return (
        shown !== undefined &&
        Math.abs(shown.price - 2 * a.price) <= 1 &&
        sorted.findIndex((item) => item.id === b.id) < sorted.indexOf(shown)
      );
    });
    const shown = aNow(await search({ sort: 'price', ...around }))!;
    expect((await search(aPrices)).map((item) => item.id)).not.toContain(a.id);
    const found = aNow(await search({ priceMin: shown.price - 1, priceMax: shown.price + 1 }));
    expect(found?.price).toBe(shown.price);
  });

  const refused: [string, RateChange[], RegExp][] = [
    ['a dropped currency', [{ code: 'EUR', perUsd: undefined }], /EUR cannot be dropped/],
    ['a zero rate', [{ code: 'EUR', perUsd: 0 }], /positive finite number/],
    ['a negative rate', [{ code: 'EUR', perUsd: -0.9 }], /positive finite number/],
    ['no number', [{ code: 'EUR', perUsd: Number.NaN }], /positive finite number/],
    ['an endless rate', [{ code: 'EUR', perUsd: Infinity }], /positive finite number/],
    ['USD other than 1', [{ code: 'USD', perUsd: 1.1 }], /1 by definition/],
    ['not a code', [{ code: 'EURO', perUsd: 0.9 }], /not a currency code/],
    [
      'two rates for one code',
      [
        { code: 'EUR', perUsd: 0.9 },
        { code: 'EUR', perUsd: 0.8 },
      ],
      /given two rates/,
    ],
    // Refused after the rates were written and some dates repriced: all of it is rolled back.
    [
      'a price beyond 32-bit dollars',
      [
        { code: 'CHF', perUsd: 0.5 },
        { code: 'EUR', perUsd: 1e-9 },
      ],
      /more than US\$21,474,836/,
    ],
  ];
  it('refuses a dropped currency and bad rates, and changes nothing', async () => {
    const db = scratch.db();
    // What a refusal must leave as it was: the rates and every date's dollar figures.
    const state = async () => ({
      rates: await db.select().from(currencyRates).orderBy(currencyRates.code),
      dates: await db
        .select({
          count: sql<number>`count(*)`.mapWith(Number),
          usd: sql<string>`sum(${tourDates.priceUsd})::text`,
          perDay: sql<string>`sum(${tourDates.pricePerDayUsd})::text`,
        })
        .from(tourDates),
    });
    const before = await state();
    for (const [name, changes, message] of refused) {
      const result = await changeCurrencyRates(db, changes, { today });
      expect(result.kind === 'refused' && result.message, name).toMatch(message);
    }
    expect(await state()).toEqual(before);
  });

  it('keeps the rate of a currency in use from being deleted by hand (decision 171)', async () => {
    const db = scratch.db();
    /** The database's own words: a query error carries them as its cause. */
    const refusal = (work: Promise<unknown>) =>
      work.then(
        () => 'done',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(db.execute(sql`delete from currency_rates where code = 'EUR'`))).toMatch(
      /^currency EUR is used by (tours|tour dates): its rate cannot be removed$/,
    );
    expect(
      await refusal(db.execute(sql`update currency_rates set code = 'EUX' where code = 'EUR'`)),
    ).toMatch(/^currency EUR is used by/);
    expect(await eurRate()).toBeGreaterThan(0);
    // A rate nothing is priced in can go, and a rate's value still changes.
    await db.insert(currencyRates).values({ code: 'XTS', perUsd: 2 });
    await db.execute(sql`update currency_rates set per_usd = 3 where code = 'XTS'`);
    expect(await refusal(db.execute(sql`delete from currency_rates where code = 'XTS'`))).toBe(
      'done',
    );
    const left = await db.select().from(currencyRates).where(eq(currencyRates.code, 'XTS'));
    expect(left).toEqual([]);
  });
});

describe('a rate change while dates’ prices are written', () => {
  // PGlite runs the two one after the other: the rounds prove something on PostgreSQL only.
  const ROUNDS = testDatabaseKind() === 'postgres' ? 25 : 3;

  it('leaves no date on the old rate, round after round', async () => {
    const db = scratch.db();
    const chosen = await db
      .select({ id: tourDates.id })
      .from(tourDates)
      .where(and(eq(tourDates.currency, 'EUR'), gte(tourDates.startDate, today)))
      .orderBy(tourDates.id)
      .limit(6);
    const ids = chosen.map((row) => row.id);
    const base = await eurRate();
    for (let round = 0; round < ROUNDS; round += 1) {
      // The offers on these dates ended yesterday: ending them writes their price.
      await db
        .update(tourDates)
        .set({
          price: sql`${tourDates.priceWithoutDiscount} * 8 / 10`,
          discountKind: 'seasonal',
          discountPercent: 20,
          discountValidUntil: '2000-01-01',
        })
        .where(inArray(tourDates.id, ids));
      const rate = base * (1 + ((round % 5) + 1) / 10);
      const [changed, ended] = await Promise.all([
        changeCurrencyRates(db, [{ code: 'EUR', perUsd: rate }], { today }),
        endPassedDiscounts(db, today),
      ]);
      expect(changed.kind).toBe('changed');
      expect(ended).toBe(ids.length);
      const written = await db.select().from(tourDates).where(inArray(tourDates.id, ids));
      for (const row of written) expect(row.price).toBe(row.priceWithoutDiscount);
      await expectEurDatesAt(rate);
    }
  }, 120_000);
});
