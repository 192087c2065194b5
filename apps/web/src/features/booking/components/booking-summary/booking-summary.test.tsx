import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { components } from '@gallop/api-client';
import { ridingBrief } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { BookingPriceLines, BookingSummary, travellersText } from './booking-summary';

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

describe('BookingPriceLines', () => {
  const rider = { rides: true } as components['schemas']['Tourist'];
  const companion = { rides: false } as components['schemas']['Tourist'];
  const lines = () =>
    screen
      .getAllByRole('term')
      .map((term) => `${term.textContent} = ${term.nextSibling?.textContent}`);

  it('splits the total into riders and non-riders at the prices fixed at booking', () => {
    render(
      <dl>
        <BookingPriceLines
          booking={{
            price: 2300,
            currency: 'EUR',
            tourists: [rider, rider, companion],
            non_riders: 1,
            non_rider_price: 400,
          }}
        />
      </dl>,
    );
    expect(lines()).toEqual([
      '€950 × 2 riders = €1,900',
      '€400 × 1 non-rider = €400',
      'Total for 3 travellers = €2,300',
    ]);
  });

  it('keeps one total line for riders only', () => {
    render(
      <dl>
        <BookingPriceLines
          booking={{
            price: 1900,
            currency: 'EUR',
            tourists: [rider, rider],
            non_riders: 0,
            non_rider_price: null,
          }}
        />
      </dl>,
    );
    expect(lines()).toEqual(['Total for 2 riders = €1,900']);
  });

  it('counts riders and non-riders apart when the non-riders have no price of their own', () => {
    render(
      <dl>
        <BookingPriceLines
          booking={{
            price: 2000,
            currency: 'EUR',
            tourists: [rider, rider, rider, companion],
            non_riders: 1,
            non_rider_price: null,
          }}
        />
      </dl>,
    );
    expect(lines()).toEqual(['Total for 3 riders, 1 non-rider = €2,000']);
  });

  it('says one rider in the singular', () => {
    render(
      <dl>
        <BookingPriceLines
          booking={{
            price: 950,
            currency: 'EUR',
            tourists: [rider],
            non_riders: 0,
            non_rider_price: null,
          }}
        />
      </dl>,
    );
    expect(lines()).toEqual(['Total for 1 rider = €950']);
  });
});

describe('travellersText', () => {
  const rider = { rides: true } as components['schemas']['Tourist'];
  const companion = { rides: false } as components['schemas']['Tourist'];

  it('counts riders and non-riders with their plurals', () => {
    expect(travellersText({ tourists: [rider, rider, rider, companion], non_riders: 1 })).toBe(
      '3 riders, 1 non-rider',
    );
    expect(travellersText({ tourists: [rider], non_riders: 0 })).toBe('1 rider');
    expect(travellersText({ tourists: [rider, companion, companion], non_riders: 2 })).toBe(
      '1 rider, 2 non-riders',
    );
  });
});
