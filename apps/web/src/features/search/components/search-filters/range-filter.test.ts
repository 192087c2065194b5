import { describe, expect, it } from 'vitest';
import { pairToBounds, sliderPair } from './range-filter';

describe('sliderPair and pairToBounds', () => {
  it('puts unset bounds at the slider ends and clamps values beyond it', () => {
    expect(sliderPair({ min: undefined, max: undefined }, 0, 5000)).toEqual([0, 5000]);
    expect(sliderPair({ min: 500, max: 9000 }, 0, 5000)).toEqual([500, 5000]);
    expect(sliderPair({ min: undefined, max: 7 }, 1, 20)).toEqual([1, 7]);
  });

  it('reads a thumb at either end as no bound', () => {
    expect(pairToBounds([0, 5000], 0, 5000)).toEqual({ min: undefined, max: undefined });
    expect(pairToBounds([250, 4950], 0, 5000)).toEqual({ min: 250, max: 4950 });
    expect(pairToBounds([1, 20], 1, 20)).toEqual({ min: undefined, max: undefined });
    expect(pairToBounds([3, 20], 1, 20)).toEqual({ min: 3, max: undefined });
  });
});
