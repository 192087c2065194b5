import { formatPrice } from '@gallop/currency';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { BookingRequest } from '../../api';
import { ArrivalLine, balanceDueText, refundTodayText, TripHome } from './trip-home';

/** The first render waits for the router; shared machines can be slow. */
const SLOW_CI = { timeout: 5000 };

const moderate = {
  name: 'moderate',
  title: 'Moderate',
  tiers: [
    { days_before: 30, refund_percent: 100 },
    { days_before: 14, refund_percent: 50 },
  ],
  lines: [
    '30 days or more before the start: 100% of what you paid back',
    '14–29 days before the start: 50% of what you paid back',
    'Less than 14 days before the start: no refund',
  ],
} as const;

const booking = (extra: Partial<BookingRequest> = {}) =>
  ({
    id: 812,
    uuid: '3f0c8a5e-9d1b-4c2e-8f7a-1b2c3d4e5f60',
    status: 3,
    tour: { id: 7, slug: 'altai-horse-trek-7', name: 'Altai Horse Trek' },
    tourists: [],
    price: 1900,
    paid: 1900,
    refunded: 0,
    currency: 'EUR',
    created_at: '2026-11-20T10:00:00Z',
    can_cancel: true,
    cancellation_policy: moderate,
    refund_if_canceled_today: 950,
    refunds: [],
    ...extra,
  }) as BookingRequest;

describe('refundTodayText', () => {
  it('says what cancelling today gives back of what was paid', () => {
    expect(refundTodayText(booking())).toBe(
      `If you cancel today you get back ${formatPrice(950, 'EUR')} of the ${formatPrice(1900, 'EUR')} you paid.`,
    );
    expect(refundTodayText(booking({ refund_if_canceled_today: 0 }))).toBe(
      `If you cancel today you get nothing back of the ${formatPrice(1900, 'EUR')} you paid.`,
    );
    expect(refundTodayText(booking({ paid: 0, refund_if_canceled_today: 0 }))).toBe(
      'Nothing is paid yet: if you cancel today, nothing is due.',
    );
  });

  it('names when the refund falls, and to how much', () => {
    const falls = (refund: number) =>
      booking({ refund_falls: { at: '2027-02-20T00:00:00.000Z', refund } });
    const today = `If you cancel today you get back ${formatPrice(950, 'EUR')} of the ${formatPrice(1900, 'EUR')} you paid.`;
    expect(refundTodayText(falls(475), '00:00 UTC, 20 Feb 2027')).toBe(
      `${today} It falls to ${formatPrice(475, 'EUR')} at 00:00 UTC, 20 Feb 2027.`,
    );
    expect(refundTodayText(falls(0), '01:00 CET, 20 Feb 2027')).toBe(
      `${today} From 01:00 CET, 20 Feb 2027 nothing comes back.`,
    );
    // Until the moment is written (no zone yet), today's figure alone.
    expect(refundTodayText(falls(0))).toBe(today);
  });

  it('says nothing once the booking cannot be cancelled', () => {
    expect(refundTodayText(booking({ can_cancel: false, refund_if_canceled_today: null }))).toBe(
      undefined,
    );
  });
});

describe('balanceDueText', () => {
  const TODAY = '2026-12-05';
  const unpaid = { paid: 0, price: 2000, balance_due_by: '2027-01-10' } as const;

  it('names the rest after the prepayment, still to make or made, and its day', () => {
    expect(balanceDueText(booking({ ...unpaid, status: 2, prepayment: 600 }), TODAY)).toBe(
      `After the prepayment, the rest, ${formatPrice(1400, 'EUR')}, is due by 10 Jan 2027. We remind you by e-mail 7 and 2 days before.`,
    );
    expect(balanceDueText(booking({ ...unpaid, paid: 600, prepayment: 600 }), TODAY)).toBe(
      `The rest, ${formatPrice(1400, 'EUR')}, is due by 10 Jan 2027. We remind you by e-mail 7 and 2 days before.`,
    );
  });

  it('asks for the full price now, never by a day gone by, inside the full-payment days', () => {
    // The API answers today once the full-payment day has passed.
    const inWindow = { ...unpaid, prepayment: null, balance_due_by: TODAY };
    expect(balanceDueText(booking({ ...inWindow, status: 2 }), TODAY)).toBe(
      `The full price, ${formatPrice(2000, 'EUR')}, is due now.`,
    );
    expect(balanceDueText(booking({ ...inWindow, status: 1 }), TODAY)).toBe(
      `The full price, ${formatPrice(2000, 'EUR')}, is due once the organizer confirms.`,
    );
  });

  it('says nothing once paid or without a due day', () => {
    expect(balanceDueText(booking(), TODAY)).toBeUndefined();
    expect(balanceDueText(booking({ ...unpaid, balance_due_by: null }), TODAY)).toBeUndefined();
  });
});

describe('TripHome', () => {
  it('shows the accepted policy with what cancelling today gives back, and the meeting details', async () => {
    await renderInApp(
      <TripHome
        booking={booking({
          meeting: {
            text: 'Meet at the Tyungur stables at 9:00.\nBring a rain jacket.',
            files: [{ id: 4, name: 'map.pdf', url: '/uploads/map.pdf' }],
            updated_at: '2026-11-25T08:00:00Z',
          },
          refund_falls: { at: '2027-02-20T00:00:00.000Z', refund: 0 },
        })}
        user={undefined}
      />,
    );
    const policy = await screen.findByRole(
      'region',
      { name: 'Cancellation policy: Moderate' },
      SLOW_CI,
    );
    expect(policy).toHaveTextContent(`you get back ${formatPrice(950, 'EUR')}`);
    // The moment it falls, with its zone (the viewer's; UTC here).
    expect(policy).toHaveTextContent('From 00:00 UTC, 20 Feb 2027 nothing comes back.');
    expect(screen.getByTestId('meeting-details')).toHaveTextContent('Meet at the Tyungur stables');
    expect(screen.getByRole('link', { name: 'map.pdf' })).toHaveAttribute(
      'href',
      '/uploads/map.pdf',
    );
  });

  it('shows why a booking ended and the refunds made', async () => {
    await renderInApp(
      <TripHome
        booking={booking({
          status: 6,
          can_cancel: false,
          refund_if_canceled_today: null,
          cancel_reason: 'A horse fell lame',
          refunded: 1900,
          refunds: [
            {
              id: 1,
              amount: 1900,
              currency: 'EUR',
              reason: 'cancellation',
              status: 'refunded',
              created_at: '2026-11-26T08:00:00Z',
            },
          ],
        })}
        user={undefined}
      />,
    );
    expect(await screen.findByTestId('end-reason', {}, SLOW_CI)).toHaveTextContent(
      'The organizer’s reason: A horse fell lame',
    );
    expect(screen.getByTestId('refunds')).toHaveTextContent(formatPrice(1900, 'EUR'));
    expect(screen.getByTestId('refunds')).toHaveTextContent('sent to your card');
  });
});

describe('ArrivalLine', () => {
  const uuid = '3f0c8a5e-9d1b-4c2e-8f7a-1b2c3d4e5f60';

  it('takes the owner signed in to the arrival page', async () => {
    await renderInApp(<ArrivalLine uuid={uuid} signedIn />);
    const link = await screen.findByRole(
      'link',
      { name: 'Tell the organizer how you arrive' },
      SLOW_CI,
    );
    expect(link).toHaveAttribute('href', `/arrival/${uuid}`);
  });

  it('asks a reader signed out to sign in first, then returns to the arrival page', async () => {
    await renderInApp(<ArrivalLine uuid={uuid} signedIn={false} />);
    const link = await screen.findByRole('link', { name: 'Sign in' }, SLOW_CI);
    expect(link.getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(`/arrival/${uuid}`)}`,
    );
    expect(screen.getByTestId('arrival-line')).toHaveTextContent(
      'Booked this trip yourself? Sign in to tell the organizer how you arrive',
    );
    expect(screen.queryByRole('link', { name: 'Tell the organizer how you arrive' })).toBeNull();
  });
});
