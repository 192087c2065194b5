import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { components } from '@gallop/api-client';
import { ridingBrief } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { BookingSummary } from './booking-summary';

type TourSummary = components['schemas']['TourSummary'];
type TourDate = components['schemas']['TourDate'];

/** The first render waits for the router; shared machines can be slow. */
const SLOW_CI = { timeout: 5000 };

const tour = {
  id: 7,
  slug: 'altai-horse-trek-7',
  name: 'Altai Horse Trek',
  type: 1,
  duration: 8,
  price: 950,
  currency: 'EUR',
  images: [],
  riding: ridingBrief(),
  heavy_places_free: 0,
} as TourSummary;

const date = (overrides: Partial<TourDate>): TourDate => ({
  id: 70,
  tour_id: 7,
  duration: 8,
  start: '2027-07-12',
  end: '2027-07-19',
  currency: 'EUR',
  price: 950,
  ...overrides,
});

describe('BookingSummary', () => {
  it('names the variant booked, and a flight in the price', async () => {
    await renderInApp(
      <BookingSummary
        tour={tour}
        date={date({ variant_name: 'Private room', flight_included: true })}
      />,
    );
    await screen.findByRole('complementary', { name: 'Your tour' }, SLOW_CI);
    expect(screen.getByText('12–19 Jul 2027 · 8 days')).toBeInTheDocument();
    expect(screen.getByText('Private room · Flight included')).toBeInTheDocument();
  });

  it('adds nothing for a date with one offer', async () => {
    await renderInApp(<BookingSummary tour={tour} date={date({ variant_name: null })} />);
    await screen.findByRole('complementary', { name: 'Your tour' }, SLOW_CI);
    expect(screen.getByText('12–19 Jul 2027 · 8 days')).toBeInTheDocument();
    expect(screen.queryByText(/room|flight/i)).toBeNull();
  });
});
