import { describe, expect, it } from 'vitest';
import { normalizeFilters } from '@gallop/search-filters';
import { Random } from './random';
import { columnsOf, valueListsOf } from './facet-columns';
import { date, indexOf, prices, tourRow } from './testing';
import { cellsOf, kindTableSteps, tableCounts, tableLimitBytes } from './kind-tables';
import { compileIndexQuery } from './query-index';
import { finish } from './steps';

const PERIODS = 12;

describe('kindTableSteps (counts by value over a run of periods)', () => {
  const random = new Random(84);
  // 700 tours: every one of difficulty 2 (over 255 tours for one value: two-byte counts), a few
  // per organizer (one-byte counts), and organizer ids up to 300,000 in the second index (a
  // table of 300,001 values × 78 one-byte cells, over the 16 MB a small segment's tables get).
  const rows = (largestOrganizer: number) =>
    Array.from({ length: 700 }, (_, n) =>
      tourRow(n + 1, {
        countryIds: random.sample([1, 2, 3, 4], random.int(1, 2)),
        difficulty: 2,
        organizerId: n === 0 ? largestOrganizer : random.int(1, 60),
      }),
    );
  const dates = (tours: ReturnType<typeof rows>) =>
    tours.flatMap((row) =>
      Array.from({ length: random.int(0, 4) }, () =>
        date(row.id, random.int(0, 300), random.int(1, 10), 10_000),
      ),
    );
  /** Each tour's periods: a random set of `PERIODS`, drawn once per tour. */
  const periodsOf = new Map<number, number>();
  const periodWords = (tour: number, into: Int32Array) => {
    if (!periodsOf.has(tour)) periodsOf.set(tour, random.int(0, (1 << PERIODS) - 1));
    into[0] = periodsOf.get(tour)!;
    into[1] = 0;
  };

  /** The tables over the open listing of `rows(largestOrganizer)`, and what they are of. */
  const tablesOf = (largestOrganizer: number) => {
    const tours = rows(largestOrganizer);
    const index = indexOf(tours, dates(tours));
    const { segment } = compileIndexQuery(index, normalizeFilters({}), prices);
    const tables = finish(kindTableSteps(index, segment, PERIODS, periodWords));
    const kinds = columnsOf(index);
    const position = (kind: string) => kinds.findIndex(({ column }) => column.kind === kind);
    return { index, segment, tables, kinds, position };
  };

  it('counts, for every run P..R, the tours holding one of its periods, in narrow counts', () => {
    const { index, segment, tables, kinds, position } = tablesOf(60);
    expect(tables[position('organizers')]!.counts).toBeInstanceOf(Uint8Array);
    expect(tables[position('difficulty')]!.counts).toBeInstanceOf(Uint16Array);
    let checked = 0;
    kinds.forEach(({ column, size }, kind) => {
      const table = tables[kind]!;
      const { offsets, values } = valueListsOf(index, column);
      for (let first = 0; first < PERIODS; first += 1) {
        for (let last = first; last < PERIODS; last += 1) {
          const run = ((1 << (last + 1)) - 1) & ~((1 << first) - 1);
          const expected = new Int32Array(size);
          for (const tour of segment) {
            if ((periodsOf.get(tour)! & run) === 0) continue;
            for (let k = offsets[tour]!; k < offsets[tour + 1]!; k += 1) expected[values[k]!]! += 1;
          }
          expect([...tableCounts(table, PERIODS, first, last)], column.kind).toEqual([...expected]);
          checked += 1;
        }
      }
    });
    expect(checked).toBe(kinds.length * ((PERIODS * (PERIODS + 1)) / 2));
  });

  it('leaves out a kind whose table would pass the byte limit', () => {
    const { segment, tables, kinds, position } = tablesOf(300_000);
    const organizers = position('organizers');
    expect(kinds[organizers]!.size * cellsOf(PERIODS)).toBeGreaterThan(
      tableLimitBytes(segment.length),
    );
    expect(tables[organizers]).toBeUndefined();
    expect(tables.filter((table) => table !== undefined)).toHaveLength(kinds.length - 1);
  });
});
