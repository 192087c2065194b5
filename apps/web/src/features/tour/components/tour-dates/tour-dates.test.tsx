import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { tourDate, tourFixture } from '../../testing/tour-fixture';
import { TOUR_DATES_SHOWN, TourDates } from './tour-dates';

describe('TourDates', () => {
  it('shows price, discount, prepayment, seats and flags, and links bookable dates', () => {
    render(
      <TourDates
        tourId={7}
        dates={[
          tourDate({
            id: 11,
            price: 480,
            price_without_discount: 565,
            is_discount_exist: true,
            discount: { kind: 'early_booking_dates', percent: 15, valid_until: '2026-11-06' },
            flight_included: true,
            not_guaranteed: true,
          }),
          tourDate({ id: 12, start: '2027-01-02', end: '2027-01-11', number_of_free_seats: 0 }),
          tourDate({ id: 13, start: '2027-02-07', end: '2027-02-16', is_busy: true }),
        ]}
      />,
    );
    const [, first, soldOut, busy] = screen.getAllByRole('row');
    const cells = within(first as HTMLElement);
    expect(cells.getByText('US$480')).toBeInTheDocument();
    expect(cells.getByText('US$565')).toBeInTheDocument();
    expect(cells.getByText('Early booking −15%, until 6 Nov 2026')).toBeInTheDocument();
    expect(cells.getByText('Flight included')).toBeInTheDocument();
    expect(cells.getByText('Not guaranteed yet')).toBeInTheDocument();
    expect(
      cells.getByText('Prepayment 30%, the rest 14 days before the start'),
    ).toBeInTheDocument();
    expect(cells.getByRole('link', { name: 'Request booking for 15–24 Dec 2026' })).toHaveAttribute(
      'href',
      '/booking/new?tour=7&date=11',
    );

    expect(within(soldOut as HTMLElement).getByText('Sold out')).toBeInTheDocument();
    expect(within(soldOut as HTMLElement).queryByRole('link')).toBeNull();
    expect(within(busy as HTMLElement).getByText('Busy')).toBeInTheDocument();
    expect(within(busy as HTMLElement).getByText('Unavailable')).toBeInTheDocument();
  });

  it('shows the minimum group of a date not guaranteed yet, and the day the organizer decides', () => {
    render(
      <TourDates
        tourId={7}
        dates={[
          tourDate({
            id: 31,
            not_guaranteed: true,
            min_riders: 4,
            riders_booked: 3,
            decision_date: '2027-03-12',
          }),
          tourDate({ id: 32, not_guaranteed: true, min_riders: 6, riders_booked: 2 }),
          tourDate({ id: 33, not_guaranteed: true, min_riders: null, decision_date: '2027-04-01' }),
          tourDate({ id: 34, not_guaranteed: false, min_riders: null, riders_booked: 5 }),
        ]}
      />,
    );
    const [, oneShort, fourShort, decides, guaranteed] = screen.getAllByRole('row');
    const first = within(oneShort as HTMLElement);
    expect(first.getByText('3 of 4 riders booked; guaranteed when one more books')).toBeVisible();
    expect(first.getByText('The organizer decides by 12 Mar 2027')).toBeVisible();
    const second = within(fourShort as HTMLElement);
    expect(second.getByText('2 of 6 riders booked; guaranteed when 4 more book')).toBeVisible();
    expect(second.queryByText(/The organizer decides/)).toBeNull();
    const third = within(decides as HTMLElement);
    expect(third.getByText('The organizer decides by 1 Apr 2027')).toBeVisible();
    expect(third.queryByText(/riders booked/)).toBeNull();
    expect(within(guaranteed as HTMLElement).queryByText(/riders booked/)).toBeNull();
    // The words carry the meter; its bar is hidden from assistive technology.
    for (const bar of document.querySelectorAll('.gk-group-meter__bar')) {
      expect(bar).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('names the variants of the same days, in the row and in its request link', () => {
    render(
      <TourDates
        tourId={7}
        dates={[
          tourDate({ id: 21, price: 1200, variant_name: 'Shared room' }),
          tourDate({ id: 22, price: 1560, variant_name: 'Private room', flight_included: true }),
          tourDate({ id: 23, start: '2027-01-02', end: '2027-01-11', variant_name: null }),
        ]}
      />,
    );
    const [, shared, privateRoom, plain] = screen.getAllByRole('row');
    expect(within(shared as HTMLElement).getByText('Shared room')).toBeInTheDocument();
    expect(
      within(shared as HTMLElement).getByRole('link', {
        name: 'Request booking for 15–24 Dec 2026, Shared room',
      }),
    ).toHaveAttribute('href', '/booking/new?tour=7&date=21');
    const privateCells = within(privateRoom as HTMLElement);
    expect(privateCells.getByText('Private room')).toBeInTheDocument();
    expect(privateCells.getByText('Flight included')).toBeInTheDocument();
    expect(
      privateCells.getByRole('link', { name: 'Request booking for 15–24 Dec 2026, Private room' }),
    ).toHaveAttribute('href', '/booking/new?tour=7&date=22');
    expect(
      within(plain as HTMLElement).getByRole('link', { name: 'Request booking for 2–11 Jan 2027' }),
    ).toBeInTheDocument();
  });

  it(`shows ${TOUR_DATES_SHOWN} dates first and the rest on request`, () => {
    const dates = Array.from({ length: TOUR_DATES_SHOWN + 2 }, (_, index) =>
      tourDate({ id: index + 1 }),
    );
    render(<TourDates tourId={7} dates={dates} />);
    expect(screen.getAllByRole('row')).toHaveLength(TOUR_DATES_SHOWN + 1);
    fireEvent.click(screen.getByRole('button', { name: `Show all ${dates.length} dates` }));
    expect(screen.getAllByRole('row')).toHaveLength(dates.length + 1);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });
});

describe('TourDates with the rider passport', () => {
  afterEach(() => {
    document.cookie = 'gallop_rider=; Max-Age=0; Path=/';
  });

  const dates = [
    tourDate({ id: 31, heavy_places_free: 0 }),
    tourDate({ id: 32, start: '2027-01-02', end: '2027-01-11', heavy_places_free: 1 }),
  ];
  const { riding } = tourFixture();

  it('marks a date with no heavier horse left when the passport’s weight needs one', async () => {
    document.cookie = 'gallop_rider=level%3Dnovice%26weight%3D100; path=/';
    await renderInApp(<TourDates tourId={7} dates={dates} riding={riding} />);
    const noHorse = await screen.findByText(
      'No horse for your weight on this date',
      {},
      { timeout: 5000 },
    );
    const [, first, second] = screen.getAllByRole('row');
    expect(first).toContainElement(noHorse);
    expect(within(second as HTMLElement).queryByText(/No horse/)).toBeNull();
  });

  it('marks nothing for a weight the standard horses carry', async () => {
    document.cookie = 'gallop_rider=level%3Dnovice%26weight%3D95; path=/';
    await renderInApp(<TourDates tourId={7} dates={dates} riding={riding} />);
    await screen.findAllByRole('row', {}, { timeout: 5000 });
    // The passport is read after hydration: give it the renders it takes.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(/No horse/)).toBeNull();
  });
});
