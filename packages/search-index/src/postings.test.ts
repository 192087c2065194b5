import { describe, expect, it } from 'vitest';
import { membership, positionsWithAny, postings, postingSize } from './postings';
import type { RaggedColumn, TourIndex } from './tour-index';

/** Tours 0..4 holding these values (a list column as the index stores it). */
function column(lists: number[][]): RaggedColumn {
  const offsets = [0];
  const values: number[] = [];
  for (const list of lists) {
    values.push(...list);
    offsets.push(values.length);
  }
  return { offsets: Int32Array.from(offsets), values: Int32Array.from(values) };
}

const countries = column([[7], [7, 9], [], [9], [3, 7]]);

describe('postings', () => {
  it('lists, per value, the positions holding it in ascending order', () => {
    const byValue = postings(countries);
    expect([...byValue.get(7)!]).toEqual([0, 1, 4]);
    expect([...byValue.get(9)!]).toEqual([1, 3]);
    expect([...byValue.get(3)!]).toEqual([4]);
    expect(postings(countries)).toBe(byValue);
  });

  it('merges several values into ascending positions, a tour holding two of them once', () => {
    expect([...positionsWithAny(countries, [9, 7])]).toEqual([0, 1, 3, 4]);
    expect([...positionsWithAny(countries, [9])]).toEqual([1, 3]);
    expect([...positionsWithAny(countries, [9, 9])]).toEqual([1, 3]);
    expect([...positionsWithAny(countries, [42])]).toEqual([]);
    expect(postingSize(countries, [9, 7])).toBe(5);
  });

  it('marks the positions of a segment', () => {
    const index = { size: 5 } as TourIndex;
    expect([...membership(index, Int32Array.from([1, 3]))]).toEqual([0, 1, 0, 1, 0]);
  });
});
