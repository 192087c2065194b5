import { describe, expect, it } from 'vitest';
import { periodSearchHref, seasonsBySoonest } from './seasons';

const season = (id: number, name: string, date_from: string, date_to: string) => ({
  id,
  name,
  slug: name.toLowerCase(),
  date_from,
  date_to,
});

describe('seasonsBySoonest', () => {
  it('orders the seasons by their next window, the shorter first on the same start', () => {
    const seasons = [
      season(1, 'Spring', '2027-03-01', '2027-05-31'),
      season(3, 'Autumn', '2026-11-26', '2026-11-30'),
      season(4, 'Winter', '2026-12-01', '2027-02-28'),
      season(5, 'New Year holidays', '2026-12-01', '2027-01-10'),
    ];
    expect(seasonsBySoonest(seasons).map(({ name }) => name)).toEqual([
      'Autumn',
      'New Year holidays',
      'Winter',
      'Spring',
    ]);
    // The answer itself is left as it came.
    expect(seasons[0]!.name).toBe('Spring');
  });
});

describe('periodSearchHref', () => {
  it('is the catalogue-wide search over the window, as the date filter writes it', () => {
    expect(periodSearchHref({ date_from: '2026-12-01', date_to: '2027-02-28' })).toBe(
      '/tours?dateFrom=2026-12-01&dateTo=2027-02-28',
    );
  });
});
