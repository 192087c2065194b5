import { describe, expect, it } from 'vitest';
import { indexOf, tourRow } from './testing';
import { keptStructure, segmentStructure } from './segment-structures';
import type { Steps } from './steps';
import type { TourIndex } from './tour-index';

describe('segmentStructure (a structure kept per segment, built at once or in steps)', () => {
  const index = indexOf([tourRow(1), tourRow(2)], []);
  const segment = [...index.segments.values()][0]!;

  it('keeps the first value built when a search builds it between two steps', () => {
    let builds = 0;
    const structure = segmentStructure('test sum', function* (_, tours): Steps<{ n: number }> {
      builds += 1;
      yield;
      return { n: tours.length };
    });
    const steps = structure.steps(index, segment);
    steps.next(); // the preparation is half way
    const atOnce = structure(index, segment);
    const stepped = steps.next();
    expect(stepped.done).toBe(true);
    expect(stepped.value).toBe(atOnce);
    expect(structure(index, segment)).toBe(atOnce);
    expect(builds).toBe(2);
    // Built already: its steps give it in one step.
    const again = structure.steps(index, segment).next();
    expect(again).toEqual({ done: true, value: atOnce });
  });
});

describe('keptStructure (a structure kept per index or column)', () => {
  it('is built once per index, and keeps the first value built between two steps', () => {
    let builds = 0;
    const structure = keptStructure(function* (built: TourIndex): Steps<{ size: number }> {
      builds += 1;
      yield;
      return { size: built.size };
    });
    const index = indexOf([tourRow(1), tourRow(2), tourRow(3)], []);
    const steps = structure.steps(index);
    steps.next(); // the preparation is half way
    const atOnce = structure.of(index);
    expect(atOnce).toEqual({ size: 3 });
    const stepped = steps.next();
    expect(stepped).toEqual({ done: true, value: atOnce });
    expect(stepped.value).toBe(atOnce);
    expect(structure.of(index)).toBe(atOnce);
    expect(structure.has(index)).toBe(true);
    expect(builds).toBe(2);
    // Another index has its own.
    const other = indexOf([tourRow(1)], []);
    expect(structure.of(other)).toEqual({ size: 1 });
    expect(builds).toBe(3);
  });
});
