import { describe, expect, it } from 'vitest';
import { Random } from './random';
import { buildWavelet, countBelow, waveletBytes } from './wavelet';

describe('countBelow (a wavelet matrix, decision 074)', () => {
  it('counts the positions of a range holding a value below x, as a scan does', () => {
    const random = new Random(74);
    let checked = 0;
    for (const length of [0, 1, 31, 32, 33, 64, 100, 1_000]) {
      for (const largest of [0, 1, 2, 7, 8, 1_000, 2 ** 20]) {
        const values = Int32Array.from({ length }, () => random.int(0, largest));
        const matrix = buildWavelet(values, largest);
        for (let draw = 0; draw < 30; draw += 1) {
          const from = random.int(0, length);
          const to = random.int(from, length);
          const x = random.chance(0.1)
            ? random.pick([0, -3, largest + 1, 2 ** 30])
            : random.int(0, largest + 1);
          let expected = 0;
          for (let at = from; at < to; at += 1) if (values[at]! < x) expected += 1;
          expect(
            countBelow(matrix, from, to, x),
            JSON.stringify({ length, largest, from, to, x }),
          ).toBe(expected);
          checked += to - from;
        }
      }
    }
    expect(checked).toBeGreaterThan(50_000);
  });

  it('keeps one bit and one rank word per position and level', () => {
    const matrix = buildWavelet(new Int32Array(1_000).fill(5), 1_000);
    expect(matrix.levels).toBe(10);
    // 32 words of bits and 32 of ranks per level (1,000 positions and a spare word), and 10 zeros.
    expect(waveletBytes(matrix)).toBe(10 * 32 * 4 * 2 + 10 * 4);
  });
});
