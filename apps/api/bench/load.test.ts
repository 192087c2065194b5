import { describe, expect, it } from 'vitest';
import { cycleOf } from './load.ts';
import type { SearchQuery } from './mix.ts';

const mix: SearchQuery[] = Array.from({ length: 50 }, (_, at) => ({
  kind: `kind ${at % 7}`,
  path: `/spa/tours?page=${at}`,
  headers: {},
}));

describe('cycleOf', () => {
  it('walks the whole mix from the offset when no fresh searches are asked for', () => {
    const slots = cycleOf(mix, 7, 0, 1);
    expect(slots.every((slot) => !slot.fresh)).toBe(true);
    expect(slots.map((slot) => slot.query)).toEqual([...mix.slice(7), ...mix.slice(0, 7)]);
  });

  it('spreads fresh slots among the whole mix in about the share asked for', () => {
    const shares = [0.1, 0.2, 0.3];
    for (const share of shares) {
      let fresh = 0;
      let total = 0;
      for (let seed = 0; seed < 200; seed += 1) {
        const slots = cycleOf(mix, seed % mix.length, share, seed);
        expect(slots[0]!.fresh).toBe(false);
        // Every query of the mix is still sent once per cycle, in order.
        const fromMix = slots.filter((slot) => !slot.fresh).map((slot) => slot.query);
        const offset = seed % mix.length;
        expect(fromMix).toEqual([...mix.slice(offset), ...mix.slice(0, offset)]);
        fresh += slots.length - fromMix.length;
        total += slots.length;
      }
      expect(fresh / total).toBeGreaterThan(share - 0.02);
      expect(fresh / total).toBeLessThan(share + 0.02);
    }
  });
});
