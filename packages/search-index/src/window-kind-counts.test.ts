import { describe, expect, it } from 'vitest';
import { normalizeFilters } from '@gallop/search-filters';
import { Random } from './random';
import { dayBucketsOf } from './date-window';
import { columnsOf, valueListsOf } from './facet-columns';
import { date, day, indexOf, prices, tourRow } from './testing';
import { PERIOD_DAYS, PERIODS } from './period-masks';
import { compileIndexQuery } from './query-index';
import { WEEK_DAYS, windowCutOf, windowKindCounts, windowKindTablesOf } from './window-kind-counts';

describe('windowKindCounts (a facet kind over a date window, decisions 077 and 082)', () => {
  const random = new Random(80);
  // Several values per tour, repeated dates, tours without dates, and dates beyond the weeks with
  // a bit of their own (in no table's run: the window's back end lists them).
  const rows = Array.from({ length: 500 }, (_, n) =>
    tourRow(n + 1, {
      countryIds: random.sample([1, 2, 3, 4, 5, 6], random.int(1, 3)),
      regionIds: random.chance(0.2) ? [] : [random.int(10, 30)],
      cityIds: random.sample([100, 101, 102, 103], random.int(0, 2)),
      comfort: random.pick(['base', 'comfort', 'high']),
      organizerId: random.int(1, 40),
    }),
  );
  const dates = rows.flatMap((row) =>
    Array.from({ length: random.int(0, 7) }, () =>
      date(row.id, random.int(0, PERIODS * PERIOD_DAYS + 60), random.int(1, 14), 10_000),
    ),
  );
  const index = indexOf(rows, dates);
  // Every kind: the lists, and the one-value columns (comfort … organizers) read as lists of one.
  const kinds = columnsOf(index).map(({ column }, position) => ({ column, position }));

  it('counts what listing every tour with a date in the window counts', () => {
    let answered = 0;
    for (let draw = 0; draw < 200; draw += 1) {
      const from = random.int(-30, PERIODS * PERIOD_DAYS + 80);
      const query = {
        ...(random.chance(0.9) ? { dateFrom: day(from) } : {}),
        dateTo: day(from + random.int(0, random.chance(0.2) ? 900 : 120)),
      };
      const { dates: bounds, segment } = compileIndexQuery(index, normalizeFilters(query), prices);
      const buckets = dayBucketsOf(index, segment);
      const { origin, periods } = windowKindTablesOf(index, segment);
      const opens = Math.max(bounds.fromDay, origin);
      const holdsWeek =
        bounds.toDay - opens + 1 >= 2 * WEEK_DAYS && opens <= origin + (periods - 2) * WEEK_DAYS;
      const cut = windowCutOf(index, segment, buckets, bounds);
      // A window holding a whole week of the catalogue's is answered by the tables.
      if (holdsWeek) expect(cut, JSON.stringify(query)).toBeDefined();
      for (const { column, position } of kinds) {
        const counts = cut && windowKindCounts(index, segment, cut, position);
        if (cut) expect(counts, `${column.kind} ${JSON.stringify(query)}`).toBeDefined();
        if (!counts) continue;
        answered += 1;
        const expected = new Int32Array(counts.length);
        for (const tour of segment) {
          let inWindow = false;
          for (let d = index.dateOffsets[tour]!; d < index.dateOffsets[tour + 1]!; d += 1) {
            const start = index.dates.startDay[d]!;
            if (start >= bounds.fromDay && start <= bounds.toDay) inWindow = true;
          }
          if (!inWindow) continue;
          const { offsets, values } = valueListsOf(index, column);
          for (let k = offsets[tour]!; k < offsets[tour + 1]!; k += 1) expected[values[k]!]! += 1;
        }
        expect([...counts], `${column.kind} ${JSON.stringify(query)}`).toEqual([...expected]);
      }
    }
    expect(answered).toBeGreaterThan(1_000);
  });

  it('leaves a window without a whole week to the caller', () => {
    const { origin } = windowKindTablesOf(
      index,
      compileIndexQuery(index, normalizeFilters({}), prices).segment,
    );
    const fromDay = origin + 3;
    const { segment } = compileIndexQuery(index, normalizeFilters({}), prices);
    const cut = windowCutOf(index, segment, dayBucketsOf(index, segment), {
      fromDay,
      toDay: fromDay + WEEK_DAYS,
    });
    expect(cut).toBeUndefined();
  });
});
