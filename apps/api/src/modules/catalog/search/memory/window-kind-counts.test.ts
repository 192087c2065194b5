import { describe, expect, it } from 'vitest';
import { normalizeFilters } from '@gallop/search-filters';
import { Random } from '#src/seed/random.ts';
import { dayBucketsOf } from './date-window.ts';
import { columnsOf } from './facet-columns.ts';
import { date, day, indexOf, rates, tourRow } from './index-fixtures.ts';
import { PERIOD_DAYS, PERIODS } from './period-masks.ts';
import { compileIndexQuery } from './query-index.ts';
import { windowKindCounts, windowKindTablesOf } from './window-kind-counts.ts';

const prices = { currency: 'USD', rates };

describe('windowKindCounts (a list kind over a date window, decision 077)', () => {
  const random = new Random(80);
  // Several values per tour, repeated dates, tours without dates, and dates beyond the fortnights
  // with a bit of their own (the masks' "later" bit).
  const rows = Array.from({ length: 500 }, (_, n) =>
    tourRow(n + 1, {
      countryIds: random.sample([1, 2, 3, 4, 5, 6], random.int(1, 3)),
      regionIds: random.chance(0.2) ? [] : [random.int(10, 30)],
      cityIds: random.sample([100, 101, 102, 103], random.int(0, 2)),
    }),
  );
  const dates = rows.flatMap((row) =>
    Array.from({ length: random.int(0, 7) }, () =>
      date(row.id, random.int(0, PERIODS * PERIOD_DAYS + 60), random.int(1, 14), 10_000),
    ),
  );
  const index = indexOf(rows, dates);
  const listKinds = columnsOf(index)
    .map(({ column }, position) => ({ column, position }))
    .filter(({ column }) => column.ragged);

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
      const holdsFortnight =
        bounds.toDay - opens + 1 >= 2 * PERIOD_DAYS &&
        opens <= origin + (periods - 2) * PERIOD_DAYS;
      for (const { column, position } of listKinds) {
        const counts = windowKindCounts(index, segment, buckets, bounds, position);
        // A window holding a whole fortnight of the catalogue's is answered by the tables.
        if (holdsFortnight) {
          expect(counts, JSON.stringify(query)).toBeDefined();
        }
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
          const { offsets, values } = column.ragged!;
          for (let k = offsets[tour]!; k < offsets[tour + 1]!; k += 1) expected[values[k]!]! += 1;
        }
        expect([...counts], `${column.kind} ${JSON.stringify(query)}`).toEqual([...expected]);
      }
    }
    expect(answered).toBeGreaterThan(300);
  });

  it('leaves a window without a whole fortnight to the caller', () => {
    const { origin } = windowKindTablesOf(
      index,
      compileIndexQuery(index, normalizeFilters({}), prices).segment,
    );
    const fromDay = origin + 3;
    const { segment } = compileIndexQuery(index, normalizeFilters({}), prices);
    const counts = windowKindCounts(
      index,
      segment,
      dayBucketsOf(index, segment),
      { fromDay, toDay: fromDay + PERIOD_DAYS },
      listKinds[0]!.position,
    );
    expect(counts).toBeUndefined();
  });
});
