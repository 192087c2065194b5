import { describe, expect, it } from 'vitest';
import { Random } from './random';
import { chunked, finish, runInSlices, sortSteps, useStepItems, type Steps } from './steps';

/** Runs `steps` to the end, counting its yields. */
function countYields<Value>(steps: Steps<Value>): { value: Value; yields: number } {
  let yields = 0;
  for (;;) {
    const step = steps.next();
    if (step.done) return { value: step.value, yields };
    yields += 1;
  }
}

describe('chunked (a loop in steps)', () => {
  it('hands out [0, length) in order, a chunk per step, yielding between two chunks only', () => {
    const chunks: [number, number][] = [];
    const { yields } = countYields(chunked(10, (from, to) => void chunks.push([from, to]), 3));
    expect(chunks).toEqual([
      [0, 3],
      [3, 6],
      [6, 9],
      [9, 10],
    ]);
    expect(yields).toBe(3);
    expect(countYields(chunked(0, () => expect.unreachable())).yields).toBe(0);
  });
});

describe('sortSteps (a sort in steps)', () => {
  it('sorts as the native sort does, in runs merged a step at a time', () => {
    const random = new Random(71);
    const restore = useStepItems(16);
    try {
      for (const length of [0, 1, 63, 64, 65, 1000, 5003]) {
        const floats = Float64Array.from({ length }, () => random.int(0, 400) * 2 ** 21 + 7);
        const ints = Int32Array.from({ length }, () => random.int(-50, 50));
        for (const keys of [floats, ints, Float64Array.from(floats).sort().reverse()]) {
          const expected = keys.slice().sort();
          const { value, yields } = countYields(sortSteps(keys));
          expect(value).toBe(keys);
          expect(Array.from(keys), `${length}`).toEqual(Array.from(expected));
          // Runs of 64 keys: a longer list yields, one run does not.
          expect(yields > 0, `${length}`).toBe(length > 64);
        }
      }
    } finally {
      restore();
    }
  });
});

describe('runInSlices (steps run a slice at a time)', () => {
  function* fourMsSteps(count: number, clock: { ms: number }): Steps<string> {
    for (let step = 1; step < count; step += 1) {
      clock.ms += 4;
      yield;
    }
    clock.ms += 4;
    return 'built';
  }

  it('ends a slice once it reaches sliceMs and pauses after each slice, the last one too', async () => {
    const clock = { ms: 0 };
    const pausedAt: number[] = [];
    const run = await runInSlices(fourMsSteps(7, clock), {
      now: () => clock.ms,
      pause: async () => void pausedAt.push(clock.ms),
      sliceMs: 10,
    });
    // Steps of 4 ms: a slice runs three of them (4, 8, then 12 ≥ 10); seven steps are 3 + 3 + 1.
    expect(run).toEqual({ value: 'built', ms: 28, longestSliceMs: 12 });
    expect(pausedAt).toEqual([12, 24, 28]);
  });

  it('finish runs every step at once', () => {
    const clock = { ms: 0 };
    expect(finish(fourMsSteps(5, clock))).toBe('built');
    expect(clock.ms).toBe(20);
  });
});
