import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccountApi } from '../../../../lib/testing/fake-account-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { browserIn, hydrateForZone, withProfileZone } from '../../../../lib/testing/viewer-zone';
import type { OrganizerBookingListItem } from '../../api';
import { OrganizerBookings } from './organizer-bookings';

function item(overrides: Partial<OrganizerBookingListItem> = {}): OrganizerBookingListItem {
  return {
    id: 4821,
    status: 1,
    tour_name: 'Altai Horse Trek',
    start: '2026-07-12',
    end: '2026-07-19',
    seats: 2,
    non_riders: 0,
    contact_name: 'Ines Moreau',
    respond_by: '2026-12-04T14:00:00.000Z',
    price: 1840,
    paid: 0,
    received: 0,
    refunded: 0,
    currency: 'EUR',
    created_at: '2026-12-02T14:00:00.000Z',
    ...overrides,
  };
}

describe('OrganizerBookings', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the requests waiting for an answer with their deadline, then the other bookings', async () => {
    browserIn('Europe/Madrid');
    const waiting = item();
    const confirmed = item({ id: 4700, status: 2, respond_by: null, tour_name: 'Steppe Ride' });
    await renderInApp(
      <OrganizerBookings waiting={[waiting]} active={[waiting, confirmed]} isProvider />,
    );
    const waitingSection = await screen.findByRole('region', {
      name: 'Requests waiting for your answer',
    });
    // 14:00 UTC, in the device's zone with the zone named: nobody is signed in.
    expect(within(waitingSection).getByText('Answer by 15:00 CET, 4 Dec 2026')).toBeTruthy();
    expect(
      within(waitingSection).getByRole('link', { name: '#4821 · Altai Horse Trek' }),
    ).toHaveProperty('pathname', '/partner/bookings/4821');
    const others = screen.getByRole('region', { name: 'Other active bookings' });
    // The waiting request is not listed twice.
    expect(
      within(others)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['#4700 · Steppe Ride']);
    expect(within(others).queryByText(/Answer by/)).toBeNull();
  });

  it('lists past and cancelled bookings after the active ones, each opening its page', async () => {
    const cancelled = item({ id: 4600, status: 5, respond_by: null, tour_name: 'Andes Loop' });
    const complete = item({ id: 4500, status: 4, respond_by: null, tour_name: 'Steppe Ride' });
    await renderInApp(
      <OrganizerBookings waiting={[]} active={[]} ended={[cancelled, complete]} isProvider />,
    );
    const ended = await screen.findByRole('region', { name: 'Past and cancelled bookings' });
    expect(
      within(ended)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/partner/bookings/4600', '/partner/bookings/4500']);
    expect(within(ended).getByText(/Cancelled by the traveller/)).toBeTruthy();
  });

  it('counts companions beside riders, and says a prepaid booking paid in full is so', async () => {
    const family = item({ id: 4410, status: 3, seats: 3, non_riders: 1, paid: 1840 });
    const deposit = item({ id: 4411, status: 3, seats: 1, paid: 400 });
    await renderInApp(<OrganizerBookings waiting={[]} active={[family, deposit]} isProvider />);
    const active = await screen.findByRole('region', { name: 'Other active bookings' });
    const [familyRow, depositRow] = within(active).getAllByRole('listitem');
    expect(familyRow!.textContent).toContain('3 riders, 1 non-rider · Ines Moreau');
    expect(familyRow!.textContent).toContain('Paid in full · €1,840, paid €1,840');
    expect(depositRow!.textContent).toContain('1 rider · Ines Moreau');
    // Each date whole on its line (no-break spaces): a row breaks its range at the dash only.
    expect(depositRow!.textContent).toContain('12–19\u00a0Jul\u00a02026 · 1 rider');
    expect(depositRow!.textContent).toContain('Prepaid · €1,840, paid €400');
  });

  it('says paid in full of a booking paid twice, the excess given back', async () => {
    // €600 prepaid and €2,000 paid in a second tab: Gallop credits €2,000, gives €600 back.
    const paidTwice = item({
      id: 4412,
      status: 3,
      price: 2000,
      paid: 2000,
      received: 2600,
      refunded: 600,
    });
    await renderInApp(<OrganizerBookings waiting={[]} active={[paidTwice]} isProvider />);
    const active = await screen.findByRole('region', { name: 'Other active bookings' });
    expect(within(active).getByRole('listitem').textContent).toContain(
      'Paid in full · €2,000, paid €2,000',
    );
  });

  it('says so when no booking has ended', async () => {
    await renderInApp(<OrganizerBookings waiting={[]} active={[]} isProvider />);
    expect(await screen.findByText('No booking of your tours has ended yet.')).toBeTruthy();
  });

  it('tells a user who runs no tours what the area is for', async () => {
    await renderInApp(<OrganizerBookings waiting={[]} active={[]} isProvider={false} />);
    expect(await screen.findByText(/This area is for tour providers/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Requests waiting for your answer' })).toBeNull();
  });

  it('says so when nothing is waiting', async () => {
    await renderInApp(<OrganizerBookings waiting={[]} active={[]} isProvider />);
    expect(await screen.findByText('No request is waiting for your answer.')).toBeTruthy();
  });

  it('shows what an ended paid booking refunded and what the organizer keeps, as its page does', async () => {
    const paidCancelled = item({
      id: 4600,
      status: 5,
      respond_by: null,
      price: 1693,
      paid: 1693,
      received: 1693,
      refunded: 846,
      currency: 'USD',
    });
    const refundedDeclined = item({
      id: 4601,
      status: 6,
      respond_by: null,
      price: 261,
      paid: 261,
      received: 261,
      refunded: 261,
      currency: 'USD',
    });
    await renderInApp(
      <OrganizerBookings
        waiting={[]}
        active={[]}
        ended={[paidCancelled, refundedDeclined]}
        isProvider
      />,
    );
    expect(
      await screen.findByText(/US\$1,693, paid US\$1,693, refunded US\$846; you keep US\$847$/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/US\$261, paid US\$261, refunded US\$261; you keep nothing$/),
    ).toBeInTheDocument();
    // Paid, so confirmed before it ended: the organizer's end of it was a cancel, not a decline.
    expect(
      screen.getByText(/^Cancelled by you · US\$261, paid US\$261, refunded/),
    ).toBeInTheDocument();
  });

  it('keeps what the payments brought less every refund when an excess was given back', async () => {
    // €600 prepaid and €2,000 paid in a second tab: €2,000 credited, €600 given back; then a
    // 50% cancellation gives back €1,000 more. The organizer keeps €1,000, not €2,000 − €1,600.
    const paidTwiceCancelled = item({
      id: 4413,
      status: 5,
      respond_by: null,
      price: 2000,
      paid: 2000,
      received: 2600,
      refunded: 1600,
    });
    await renderInApp(
      <OrganizerBookings waiting={[]} active={[]} ended={[paidTwiceCancelled]} isProvider />,
    );
    expect(
      await screen.findByText(/€2,000, paid €2,000, refunded €1,600; you keep €1,000$/),
    ).toBeInTheDocument();
  });
});

describe('OrganizerBookings: the deadlines’ time zone (decision 191)', () => {
  // 14:00 UTC on 4 Dec 2026: 09:00 in New York, 23:00 in Tokyo.
  const waiting = item();
  const list = <OrganizerBookings waiting={[waiting]} active={[waiting]} isProvider />;
  const profileIn = (zone: string | null) => withProfileZone(zone, fakeAccountApi([]).fetch);
  afterEach(() => vi.restoreAllMocks());

  it('writes the deadline in the zone of the organizer’s settings, named, not the device’s', async () => {
    browserIn('Asia/Tokyo');
    await renderInApp(list, { fetch: profileIn('America/New_York'), signedIn: true });
    expect(await screen.findByText('Answer by 09:00 EST, 4 Dec 2026')).toBeInTheDocument();
    expect(screen.queryByText(/23:00/)).not.toBeInTheDocument();
  });

  it('writes it in the device’s zone when the settings have none', async () => {
    browserIn('Asia/Tokyo');
    await renderInApp(list, { fetch: profileIn(null), signedIn: true });
    expect(await screen.findByText('Answer by 23:00 GMT+9, 4 Dec 2026')).toBeInTheDocument();
  });

  it('hydrates the server’s list with no mismatch, in the settings’ zone from the first HTML', async () => {
    browserIn('Asia/Tokyo');
    const { serverHtml, mismatches } = await hydrateForZone(
      list,
      'America/New_York',
      fakeAccountApi([]).fetch,
    );
    expect(serverHtml).toContain('Answer by <!-- -->09:00 EST, 4 Dec 2026');
    expect(screen.getByText('Answer by 09:00 EST, 4 Dec 2026')).toBeInTheDocument();
    expect(mismatches).toEqual([]);
  });
});
