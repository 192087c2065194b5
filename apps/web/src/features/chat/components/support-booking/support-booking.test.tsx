import { formatPrice } from '@gallop/currency';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { RelatedBooking } from '../../api';
import { RelatedBookings } from '../related-bookings/related-bookings';
import { SupportBooking, supportBookingState } from './support-booking';

/** The first render waits for the router; shared machines can be slow. */
const SLOW_CI = { timeout: 5000 };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function booking(overrides: Partial<RelatedBooking> = {}): RelatedBooking {
  const shown = {
    id: 31,
    uuid: 'uuid-31',
    status: 3,
    tour: { id: 12, name: 'Steppe ride' },
    tourists: [],
    price: 2000,
    paid: 600,
    refunded: 0,
    currency: 'EUR',
    created_at: '2026-06-01T14:30:00.000Z',
    ...overrides,
  };
  return shown as unknown as RelatedBooking;
}

describe('supportBookingState', () => {
  it('says the money support decides by, not the status the badge shows', () => {
    expect(supportBookingState(booking())).toBe(
      `${formatPrice(600, 'EUR')} of ${formatPrice(2000, 'EUR')} paid`,
    );
    expect(supportBookingState(booking({ status: 1, paid: 0 }))).toBe(
      `${formatPrice(2000, 'EUR')}, nothing paid`,
    );
    expect(supportBookingState(booking({ status: 8, refunded: 600 }))).toBe(
      `${formatPrice(600, 'EUR')} refunded`,
    );
  });
});

describe('SupportBooking in the bookings strip', () => {
  it('names each booking’s status once: the badge, then the money', async () => {
    await renderInApp(
      <RelatedBookings
        side="support"
        bookings={[
          booking(),
          booking({ id: 32, status: 8, refunded: 600 }),
          booking({ id: 33, status: 1, paid: 0 }),
        ]}
        actions={(shown) => <SupportBooking booking={shown} chatId={5} />}
      />,
    );
    await screen.findByRole('heading', { name: 'Their bookings' }, SLOW_CI);
    const rows = screen.getAllByRole('listitem').map((row) => row.textContent);
    expect(rows).toEqual([
      `Steppe ride#31Prepaid${formatPrice(600, 'EUR')} of ${formatPrice(2000, 'EUR')} paidCancel as support`,
      `Steppe ride#32Cancelled by support${formatPrice(600, 'EUR')} refunded`,
      `Steppe ride#33Waiting for the organizer${formatPrice(2000, 'EUR')}, nothing paidCancel as support`,
    ]);
  });
});

describe('SupportBooking', () => {
  it('cancels an open booking with a reason, asking for one first', async () => {
    const posted: { path: string; body: unknown }[] = [];
    const fetch = async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (request.method === 'POST') {
        posted.push({ path, body: await request.json() });
        return json(200, { ...booking(), status: 8, refunded: 600 });
      }
      if (path === '/spa/rider-passport') return json(200, { passport: null, companions: [] });
      return json(200, { items: [] });
    };
    await renderInApp(<SupportBooking booking={booking()} chatId={5} />, { fetch, signedIn: true });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Cancel as support' }, SLOW_CI),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel booking #31' });
    expect(dialog).toHaveTextContent(`everything paid (${formatPrice(600, 'EUR')}) is refunded`);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Write the reason');
    expect(posted).toEqual([]);
    await userEvent.type(
      screen.getByLabelText('Reason for the traveller and the organizer'),
      'The organizer stopped trading.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          path: '/crm/api/support/booking/cancel',
          body: { id: 31, reason: 'The organizer stopped trading.' },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says nothing is refunded when nothing was paid', async () => {
    await renderInApp(<SupportBooking booking={booking({ status: 2, paid: 0 })} chatId={5} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Cancel as support' }, SLOW_CI),
    );
    expect(await screen.findByRole('dialog', { name: 'Cancel booking #31' })).toHaveTextContent(
      'nothing was paid, so nothing is refunded',
    );
  });

  it('offers no cancel once the booking has ended', async () => {
    await renderInApp(<SupportBooking booking={booking({ status: 5 })} chatId={5} />);
    expect(await screen.findByTestId('support-booking-state', {}, SLOW_CI)).toHaveTextContent(
      `${formatPrice(600, 'EUR')} of ${formatPrice(2000, 'EUR')} paid`,
    );
    expect(screen.queryByRole('button', { name: 'Cancel as support' })).toBeNull();
  });
});
