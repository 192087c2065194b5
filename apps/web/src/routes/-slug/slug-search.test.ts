import { describe, expect, it } from 'vitest';
import { slugSearchMiddleware, validateSlugSearch } from './slug-search';

describe('the search of /{slug}', () => {
  it('validates the filters and the review view together', () => {
    expect(
      validateSlugSearch({ priceMax: 3000, reviewLevel: 'advanced', reviewRating: 'x' }),
    ).toEqual({ priceMax: 3000, reviewLevel: 'advanced' });
  });

  it('builds canonical addresses: bad review fields go, campaign tags stay', () => {
    const next = (search: Record<string, unknown>) => search;
    expect(
      slugSearchMiddleware({
        search: { reviewLevel: 'novice', reviewRating: 9, reviewSort: 'lowest', utm_source: 'a' },
        next,
      }),
    ).toEqual({ reviewLevel: 'novice', reviewSort: 'lowest', utm_source: 'a' });
  });
});
