import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createFakeApi, fakeAnswers } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { tourDate, tourFixture } from '../../testing/tour-fixture';
import { TOUR_DATES_SHOWN, TourDates } from './tour-dates';

describe('TourDates', () => {
  it('shows price, discount, prepayment, seats and flags, and links bookable dates', () => {
    // Prepayment terms depend on the day: this one is before every fixture's full-payment days.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-01T12:00:00Z'));
    onTestFinished(() => {
      vi.useRealTimers();
    });
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
    // A busy date offers no seats: its free ones cannot be booked.
    expect(within(busy as HTMLElement).getByText('Not taking bookings')).toBeInTheDocument();
    expect(within(busy as HTMLElement).queryByText(/seats? left/)).toBeNull();
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

  it('shows a date called off as cancelled: no guarantee to wait for, no offer, no group meter', () => {
    render(
      <TourDates
        tourId={7}
        dates={[
          tourDate({
            id: 41,
            is_busy: true,
            cancelled: true,
            not_guaranteed: true,
            min_riders: 4,
            riders_booked: 0,
            decision_date: '2027-03-12',
            price: 480,
            price_without_discount: 600,
            is_discount_exist: true,
            discount: { kind: 'seasonal', percent: 20, valid_until: '2027-01-07' },
          }),
          tourDate({ id: 42, is_busy: true, cancelled: false, not_guaranteed: true }),
        ]}
      />,
    );
    const [, calledOff, busy] = screen.getAllByRole('row');
    const row = within(calledOff as HTMLElement);
    expect(row.getByText('Cancelled by the organizer')).toBeVisible();
    expect(row.queryByText('Busy')).toBeNull();
    expect(row.queryByText('Not guaranteed yet')).toBeNull();
    expect(row.queryByText(/−20%/)).toBeNull();
    expect(row.queryByText('US$600')).toBeNull();
    expect(row.queryByText(/riders booked/)).toBeNull();
    expect(row.queryByText(/The organizer decides/)).toBeNull();
    expect(row.getByText('Unavailable')).toBeVisible();
    expect(row.queryByRole('link')).toBeNull();
    // A date only closed by its organizer still says it is not guaranteed: it may yet run.
    const closed = within(busy as HTMLElement);
    expect(closed.getByText('Busy')).toBeVisible();
    expect(closed.getByText('Not guaranteed yet')).toBeVisible();
    expect(closed.queryByText('Cancelled by the organizer')).toBeNull();
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

describe('TourDates: the season check (decision 117)', () => {
  /** A desert: hot in July, wet in August, good in spring. */
  const desert = Array.from({ length: 12 }, (_, index) => ({
    month: index + 1,
    temperature_min: 10,
    temperature_max: index === 6 ? 34.4 : 22,
    precipitation_mm: index === 7 ? 182 : 20,
  }));
  const climateApi = () => {
    const asked: string[] = [];
    const fake = createFakeApi({
      ...fakeAnswers,
      '/spa/destination-climate': { destination_id: 5, months: desert },
    });
    const fetch = async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/spa/destination-climate') asked.push(url.search);
      return fake.fetch(request);
    };
    return { fetch, asked };
  };
  const dates = [
    tourDate({ id: 41, start: '2027-04-10', end: '2027-04-17' }),
    tourDate({ id: 42, start: '2027-07-03', end: '2027-07-10' }),
    tourDate({ id: 43, start: '2027-07-28', end: '2027-08-04' }),
  ];

  it('marks each date in a poor month with why, in words, from the start city’s climate', async () => {
    const api = climateApi();
    await renderInApp(
      <TourDates
        tourId={7}
        dates={dates}
        place={{ start_city: { id: 5, name: 'Wadi Rum Village' }, countries: [] }}
      />,
      { fetch: api.fetch },
    );
    const marks = await screen.findAllByText('Poor season:', {}, { timeout: 5000 });
    expect(marks).toHaveLength(2);
    expect(api.asked).toEqual(['?destination_id=5&kind=city']);
    const [, april, july, summer] = screen.getAllByRole('row');
    expect(july).toContainElement(marks[0] ?? null);
    expect(within(july as HTMLElement).getByText('Hot: 34 °C highs')).toBeInTheDocument();
    expect(within(july as HTMLElement).queryByText(/Wet/)).toBeNull();
    expect(summer).toHaveTextContent('Poor season: Hot: 34 °C highs · Wet: 182 mm of rain');
    expect(within(april as HTMLElement).queryByText(/Poor season/)).toBeNull();
  });

  it('reads the first country without a start city, and marks nothing without climate data', async () => {
    const asked: string[] = [];
    const fake = createFakeApi(fakeAnswers);
    await renderInApp(
      <TourDates tourId={7} dates={dates} place={{ countries: [{ id: 10, name: 'Jordan' }] }} />,
      {
        fetch: async (request) => {
          const url = new URL(request.url);
          if (url.pathname === '/spa/destination-climate') asked.push(url.search);
          return fake.fetch(request);
        },
      },
    );
    await screen.findAllByRole('row', {}, { timeout: 5000 });
    await waitFor(() => expect(asked).toEqual(['?destination_id=10&kind=country']));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(/Poor season/)).toBeNull();
  });
});
