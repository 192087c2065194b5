import { describe, expect, it } from 'vitest';
import { indexOf, tourRow } from './index-fixtures.ts';
import { segmentStructure } from './segment-structures.ts';
import type { Steps } from './steps.ts';

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
