import { describe, expect, it } from 'vitest';
import { passOrder, pathWorth, percentile } from './each-path.ts';

describe('bench:index --each-path arithmetic', () => {
  it('alternates with and without in ABBA blocks', () => {
    expect(passOrder(2)).toEqual([true, false, false, true, true, false, false, true]);
  });

  it('reads the nearest-rank percentile', () => {
    const values = Array.from({ length: 100 }, (_, n) => 100 - n);
    expect(percentile(values, 0.95)).toBe(95);
    expect(percentile([3], 0.95)).toBe(3);
    expect(percentile([], 0.95)).toBeNaN();
  });

  it("gives a path's worth as the growth of p95 of the searches' medians", () => {
    const samples = Array.from({ length: 20 }, (_, n) => ({
      kind: n < 18 ? 'plain' : 'slow',
      with: [1, 1, 9],
      // The two slowest searches take 10 ms more without the path.
      without: n < 18 ? [1, 1] : [11, 11],
    }));
    const worth = pathWorth('open', samples, 20);
    expect(worth.withP95).toBe(1);
    expect(worth.withoutP95).toBe(11);
    expect(worth.worthMs).toBe(10);
    expect(worth.worthShare).toBe(0.5);
    expect(worth.worstKind).toBe('slow');
    expect(worth.worstKindMs).toBe(10);
  });
});
