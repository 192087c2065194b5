import { describe, expect, it } from 'vitest';
import { tourSummary } from '../../lib/testing/fake-api';
import { NO_UPCOMING_DATES, passedTourOffer, similarToursSearch } from './passed-tour';

describe('passedTourOffer', () => {
  it('marks only a tour whose dates have passed', () => {
    expect(passedTourOffer(tourSummary({ dates_passed: true }))?.label).toBe(NO_UPCOMING_DATES);
    expect(passedTourOffer(tourSummary())).toBeUndefined();
  });
});

describe('similarToursSearch', () => {
  it('searches the same kind of tour in the same countries', () => {
    expect(similarToursSearch({ type: 1, countries: [{ id: 12, name: 'Mongolia' }] })).toEqual({
      countries: 12,
    });
    expect(
      similarToursSearch({
        type: 2,
        countries: [
          { id: 5, name: 'Peru' },
          { id: 101, name: 'Chile' },
        ],
      }),
    ).toEqual({ countries: '5,101', type: 2 });
    expect(similarToursSearch({ type: 1 })).toEqual({});
  });
});
