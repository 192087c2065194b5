import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { BookingList } from './booking-list';

describe('BookingList', () => {
  it('offers the search as a button when there are no bookings yet', async () => {
    await renderInApp(<BookingList bookings={[]} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your bookings' })).toBeTruthy();
    expect(screen.getByText('No bookings yet')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Find a tour' });
    expect(link).toHaveAttribute('href', '/tours');
    expect(link).toHaveClass('gk-button', 'gk-button--primary');
  });
});
