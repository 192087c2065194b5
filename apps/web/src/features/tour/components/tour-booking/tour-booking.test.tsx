import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { tourDate, tourFixture } from '../../testing/tour-fixture';
import { TourBooking, TourBookingBar } from './tour-booking';

/** Standard horses to 95 kg, heavier horses to 110 kg. */
const { riding } = tourFixture();

/** The first render waits for the router; shared machines can be slow. */
const SLOW_CI = { timeout: 5000 };

/** Soonest first, as the API answers: only the dearest date has a heavier horse left. */
const dates = [
  tourDate({ id: 61, start: '2027-02-20', end: '2027-02-27', price: 1100, heavy_places_free: 1 }),
  tourDate({ id: 62, start: '2027-03-06', end: '2027-03-13', price: 1000, heavy_places_free: 0 }),
  tourDate({ id: 63, start: '2027-04-03', end: '2027-04-07', price: 900, heavy_places_free: 0 }),
];

function setPassport(value: string) {
  document.cookie = `gallop_rider=${value}; path=/`;
}

/** Where 'Request booking' of the box or the bar leads. */
function requested(container: HTMLElement): string | null {
  return within(container).getByRole('link', { name: 'Request booking' }).getAttribute('href');
}

const requestHref = (dateId: number) => `/booking/new?tour=7&date=${dateId}`;

/** The passport is read after hydration: give it the renders it takes. */
async function passportSettled() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

async function renderBox(shown = dates) {
  await renderInApp(
    <>
      <TourBooking tourId={7} dates={shown} riding={riding} />
      <TourBookingBar tourId={7} dates={shown} riding={riding} />
    </>,
  );
  const box = await screen.findByRole('complementary', { name: 'Booking' }, SLOW_CI);
  const bar = document.querySelector<HTMLElement>('.tour-booking-bar')!;
  return { box, bar };
}

afterEach(() => {
  document.cookie = 'gallop_rider=; Max-Age=0; Path=/';
});

describe('TourBooking and the rider passport', () => {
  it('offers the cheapest date with a horse for the passport’s weight, in the box and the bar', async () => {
    setPassport('level%3Dintermediate%26tack%3Denglish%26hours%3D6%26weight%3D100');
    const { box, bar } = await renderBox();
    await waitFor(() => expect(within(box).getByText('20–27 Feb 2027')).toBeInTheDocument());
    expect(within(box).getByText('US$1,100')).toBeInTheDocument();
    expect(within(box).getByText('The cheapest date with a horse for your weight')).toBeVisible();
    expect(requested(box)).toBe(requestHref(61));
    expect(within(bar).getByText('20–27 Feb 2027')).toBeInTheDocument();
    expect(requested(bar)).toBe(requestHref(61));
    expect(screen.queryByText(/No date has a horse/)).toBeNull();
  });

  it('offers the cheapest date without a passport', async () => {
    const { box, bar } = await renderBox();
    await passportSettled();
    expect(within(box).getByText('3–7 Apr 2027')).toBeInTheDocument();
    expect(requested(box)).toBe(requestHref(63));
    expect(requested(bar)).toBe(requestHref(63));
    expect(screen.queryByText(/horse/)).toBeNull();
  });

  it('offers the cheapest date to a rider the standard horses carry', async () => {
    setPassport('level%3Dintermediate%26weight%3D95');
    const { box } = await renderBox();
    await passportSettled();
    expect(requested(box)).toBe(requestHref(63));
    expect(screen.queryByText(/horse/)).toBeNull();
  });

  it('says so when no date has a horse for the weight, and still offers the cheapest', async () => {
    setPassport('level%3Dintermediate%26weight%3D100');
    const { box, bar } = await renderBox(dates.map((date) => ({ ...date, heavy_places_free: 0 })));
    const note = await within(box).findByText(/No date has a horse for your weight/, {}, SLOW_CI);
    expect(within(note).getByRole('link', { name: 'See the dates' })).toHaveAttribute(
      'href',
      '#dates',
    );
    expect(requested(box)).toBe(requestHref(63));
    expect(
      within(bar).getByRole('link', { name: 'No date has a horse for your weight' }),
    ).toHaveAttribute('href', '#dates');
  });

  it('says so to a rider above the heavier horses’ limit', async () => {
    setPassport('level%3Dintermediate%26weight%3D115');
    const { box } = await renderBox();
    expect(
      await within(box).findByText(/No date has a horse for your weight/, {}, SLOW_CI),
    ).toBeInTheDocument();
  });

  it('renders the cheapest date on the server and hydrates without a mismatch', async () => {
    setPassport('level%3Dintermediate%26weight%3D100');
    const onRecoverableError = vi.fn();
    let serverDates: string | undefined;
    await renderInApp(<TourBooking tourId={7} dates={dates} riding={riding} />, {
      hydrate: {
        onRecoverableError,
        beforeHydrating: () => {
          serverDates = document.querySelector('.tour-booking__details dd')?.textContent ?? '';
        },
      },
    });
    expect(serverDates).toBe('3–7 Apr 2027');
    const box = screen.getByRole('complementary', { name: 'Booking' });
    await waitFor(() => expect(within(box).getByText('20–27 Feb 2027')).toBeInTheDocument());
    expect(onRecoverableError).not.toHaveBeenCalled();
  });

  it('leads an individual offer to the form for the offer, with its seats', async () => {
    const offer = tourDate({
      id: 0,
      individual_tour_uuid: '5b7e2c1a-0d4f-4a8b-9c3e-2f1a0b9c8d7e',
      start: '2027-09-03',
      end: '2027-09-10',
      price: 1330,
      number_of_free_seats: 8,
    });
    const { box, bar } = await renderBox([offer]);
    const href = '/booking/new?tour=7&offer=5b7e2c1a-0d4f-4a8b-9c3e-2f1a0b9c8d7e';
    expect(requested(box)).toBe(href);
    expect(requested(bar)).toBe(href);
    expect(within(box).getByText('8 seats left')).toBeInTheDocument();
  });
});
