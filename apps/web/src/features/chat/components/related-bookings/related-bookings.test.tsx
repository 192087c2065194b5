import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { RelatedBooking } from '../../api';
import { RelatedBookings } from './related-bookings';

/** Only what the strip reads; the rest of a booking does not matter here. */
function booking(id: number, status: RelatedBooking['status']): RelatedBooking {
  const shown = {
    id,
    uuid: `uuid-${id}`,
    status,
    tour: { id: 12, name: `Steppe ride ${id}` },
    tourists: [],
    price: 1200,
    currency: 'EUR',
    created_at: '2026-06-01T14:30:00.000Z',
  };
  return shown as unknown as RelatedBooking;
}

const actions = ({ id }: RelatedBooking) => <button type="button">Answer #{id}</button>;

describe('RelatedBookings', () => {
  it('offers the organizer’s answers on open bookings only, linking the organizer area', async () => {
    await renderInApp(
      <RelatedBookings
        side="staff"
        bookings={[booking(1, 1), booking(2, 3), booking(3, 5), booking(4, 6)]}
        actions={actions}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Their bookings' })).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Answer #1',
      'Answer #2',
    ]);
    expect(screen.getByRole('link', { name: 'Steppe ride 1' }).getAttribute('href')).toBe(
      '/partner/bookings/1',
    );
  });

  it('shows the traveller plain links to their booking pages', async () => {
    await renderInApp(<RelatedBookings bookings={[booking(7, 1)]} />);
    const link = await screen.findByRole('link', { name: 'Steppe ride 7' });
    expect(screen.queryByRole('button')).toBeNull();
    expect(link.getAttribute('href')).toBe('/booking/7');
  });

  it('gives support no link to a page it cannot open, and its card on every booking', async () => {
    await renderInApp(
      <RelatedBookings
        side="support"
        bookings={[booking(8, 3), booking(9, 5)]}
        actions={actions}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Their bookings' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Steppe ride 8')).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Answer #8',
      'Answer #9',
    ]);
  });
});
