import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load.ts';
import {
  median,
  scaleDatabaseUrl,
  scaleOrder,
  scaleSteps,
  type ScaleMeasurement,
} from './scale.ts';

function point(round: number, tours: number, p95: number): ScaleMeasurement {
  const search = { p95 } as LoadResult;
  return { round, tours, search };
}

describe('scaleOrder', () => {
  it('measures the sizes ascending, then descending, round after round', () => {
    expect(scaleOrder([100_000, 10_000, 1_000_000, 10_000], 3)).toEqual([
      [10_000, 100_000, 1_000_000],
      [1_000_000, 100_000, 10_000],
      [10_000, 100_000, 1_000_000],
    ]);
  });
});

describe('scaleDatabaseUrl', () => {
  it('appends the size to the database name and keeps the rest of the URL', () => {
    expect(
      scaleDatabaseUrl(
        'postgres://postgres@127.0.0.1:5432/gallop_bench?sslmode=disable',
        1_000_000,
      ),
    ).toBe('postgres://postgres@127.0.0.1:5432/gallop_bench_1000000?sslmode=disable');
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('scaleSteps', () => {
  it('divides p95s measured in the same round, and takes the median of the rounds', () => {
    const steps = scaleSteps([
      point(1, 10_000, 5),
      point(1, 100_000, 6),
      point(1, 1_000_000, 18),
      point(2, 1_000_000, 30),
      point(2, 100_000, 10),
      point(2, 10_000, 8),
      point(3, 10_000, 4),
      point(3, 100_000, 5),
      point(3, 1_000_000, 20),
    ]);
    expect(steps.map(({ from, to }) => [from, to])).toEqual([
      [10_000, 100_000],
      [100_000, 1_000_000],
      [10_000, 1_000_000],
    ]);
    expect(steps[0]!.perRound).toEqual([1.2, 1.25, 1.25]);
    expect(steps[1]!.perRound).toEqual([3, 3, 4]);
    expect(steps[1]!.median).toBe(3);
    expect(steps[2]!.perRound).toEqual([3.6, 3.75, 5]);
    expect(steps[2]!.median).toBe(3.75);
  });

  it('leaves out a round that measured only one of the two sizes', () => {
    const [step] = scaleSteps([point(1, 10, 2), point(1, 20, 4), point(2, 20, 9)]);
    expect(step!.perRound).toEqual([2]);
    expect(step!.median).toBe(2);
  });
});
