import { describe, expect, it } from 'vitest';
import { mergePages } from './merge-pages';

const items = (...ids: number[]) => ids.map((id) => ({ id }));

describe('mergePages', () => {
  it('appends later pages in order, once each', () => {
    expect(mergePages([items(1, 2), items(2, 3), items(4)]).map((item) => item.id)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('stops at the first page still loading', () => {
    expect(mergePages([items(1, 2), undefined, items(9)]).map((item) => item.id)).toEqual([1, 2]);
  });
});
