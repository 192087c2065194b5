import { describe, expect, it } from 'vitest';
import { Random } from '#src/seed/random.ts';
import { firstKeys } from './query-index.ts';

describe('firstKeys (the partial sort of price-sorted pages)', () => {
  it('answers the head of the full sort, in both directions', () => {
    const random = new Random(7);
    for (const size of [1, 2, 5, 20, 100, 1_000, 5_000]) {
      // Distinct keys, as packed price and id always are; many equal prices.
      const ids = random.sample(
        Array.from({ length: size * 3 }, (_, id) => id + 1),
        size,
      );
      const keys = Float64Array.from(ids, (id) => random.int(0, 50) * 2 ** 21 + id);
      const ascending = Float64Array.from(keys).sort();
      const descending = Float64Array.from(ascending).reverse();
      for (const count of [1, 3, 20, 100].filter((count) => count <= size)) {
        expect(Array.from(firstKeys(keys, count, false))).toEqual(
          Array.from(ascending.subarray(0, count)),
        );
        expect(Array.from(firstKeys(keys, count, true))).toEqual(
          Array.from(descending.subarray(0, count)),
        );
      }
    }
  });
});
