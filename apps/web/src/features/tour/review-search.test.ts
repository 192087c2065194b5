import { describe, expect, it } from 'vitest';
import { isDefaultReviewView } from './components/tour-reviews/tour-reviews';
import { validateReviewSearch } from './review-search';

describe('validateReviewSearch (decision 115)', () => {
  it('keeps a valid level, lowest rating and order', () => {
    expect(
      validateReviewSearch({ reviewLevel: 'novice', reviewRating: 4, reviewSort: 'highest' }),
    ).toEqual({ reviewLevel: 'novice', reviewRating: 4, reviewSort: 'highest' });
    expect(validateReviewSearch({ reviewRating: 3, reviewSort: 'lowest' })).toEqual({
      reviewRating: 3,
      reviewSort: 'lowest',
    });
  });

  it('drops defaults and anything invalid', () => {
    expect(
      validateReviewSearch({
        reviewLevel: 'expert',
        reviewRating: 9,
        reviewSort: 'newest',
        other: 'x',
      }),
    ).toEqual({});
    expect(validateReviewSearch({ reviewRating: 1 })).toEqual({});
    expect(validateReviewSearch({ reviewRating: '3' })).toEqual({});
    expect(validateReviewSearch({ reviewRating: 4.5, reviewSort: 'oldest' })).toEqual({});
  });

  it('knows the default view', () => {
    expect(isDefaultReviewView({})).toBe(true);
    expect(isDefaultReviewView({ reviewSort: 'lowest' })).toBe(false);
  });
});
