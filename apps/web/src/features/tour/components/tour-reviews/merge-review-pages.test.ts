import { describe, expect, it } from 'vitest';
import type { Review } from '../../api';
import { mergeReviewPages } from './tour-reviews';

const review = (id: number): Review => ({
  id,
  rating: 5,
  text: `Review ${id}`,
  author_name: 'Rider',
  created_at: '2026-01-01T00:00:00Z',
  is_verified: false,
});

describe('mergeReviewPages', () => {
  it('appends later pages in order, once each, up to the first page still loading', () => {
    const first = [review(1), review(2), review(3)];
    expect(
      mergeReviewPages(first, [[review(3), review(4)], [review(5)]]).map((item) => item.id),
    ).toEqual([1, 2, 3, 4, 5]);
    expect(mergeReviewPages(first, [undefined, [review(9)]]).map((item) => item.id)).toEqual([
      1, 2, 3,
    ]);
  });
});
