import { formatPrice } from '@gallop/currency';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { PaymentOutcome } from '../../api';
import { OutcomePage, PaymentNotFound } from './outcome-page';

const SLOW_CI = { timeout: 5000 };

function outcome(
  status: 1 | 2 | 3,
  { paid = 0, refunded = 0 }: { paid?: number; refunded?: number } = {},
): PaymentOutcome {
  return {
    payment: {
      id: 55,
      request_id: 812,
      status,
      amount: 1200,
      currency: 'USD',
      payment_type: 'full',
      payment_method: 'card',
      card_last4: '4242',
      refunded,
    },
    booking: {
      id: 812,
      uuid: '3f0c8a5e-9d1b-4c2e-8f7a-1b2c3d4e5f60',
      status: paid > 0 ? 3 : 2,
      tour_name: 'Altai Horse Trek',
      start: '2027-07-12',
      price: 1200,
      paid,
      refunded,
      currency: 'USD',
    },
  };
}

const usd = (amount: number) => formatPrice(amount, 'USD');
const heading = () => screen.findByRole('heading', { level: 1 }, SLOW_CI);

describe('OutcomePage', () => {
  it('says "Payment successful" for a paid payment: amount, booking, card, paid in full', async () => {
    await renderInApp(<OutcomePage outcome={outcome(2, { paid: 1200 })} />);
    expect(await heading()).toHaveTextContent('Payment successful');
    expect(screen.getByText(usd(1200))).toBeInTheDocument();
    expect(screen.getByText(/#812 · Altai Horse Trek/)).toBeInTheDocument();
    expect(screen.getByText('12 Jul 2027')).toBeInTheDocument();
    expect(screen.getByText('•••• 4242')).toBeInTheDocument();
    expect(screen.getByText('Paid in full')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your booking' })).toHaveAttribute(
      'href',
      '/booking/uuid/3f0c8a5e-9d1b-4c2e-8f7a-1b2c3d4e5f60',
    );
  });

  it('keeps "e-mail" and "3-D" whole at a line’s end (no "e-" alone in the narrow column)', async () => {
    await renderInApp(<OutcomePage outcome={outcome(2, { paid: 1200 })} />);
    await heading();
    const next = [...document.querySelectorAll('.outcome-page__text')].map((p) => p.textContent);
    expect(next.join(' ')).toContain('your e\u2011mail.');
    expect(next.join(' ')).toContain('by 3\u2011D Secure');
  });

  it('says what was more than due is on its way back', async () => {
    await renderInApp(<OutcomePage outcome={outcome(2, { paid: 1200, refunded: 150 })} />);
    expect(
      await screen.findByText(
        `${usd(150)} was more than was due and is on its way back to your card.`,
        {},
        SLOW_CI,
      ),
    ).toBeInTheDocument();
  });

  it('never says success for a declined or canceled payment (status 3)', async () => {
    await renderInApp(<OutcomePage outcome={outcome(3)} />);
    expect(await heading()).toHaveTextContent('Payment failed');
    expect(screen.queryByText(/Payment successful|has gone through/)).toBeNull();
    expect(screen.getByText('Amount').nextSibling).toHaveTextContent(usd(1200));
    expect(screen.getByText('Left to pay').nextSibling).toHaveTextContent(usd(1200));
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/booking/pay/uuid/3f0c8a5e-9d1b-4c2e-8f7a-1b2c3d4e5f60',
    );
  });

  it('offers the receipt the route gives after a successful payment only', async () => {
    const receipt = <a href="/receipt.pdf">Download receipt (PDF)</a>;
    const { unmount } = await renderInApp(
      <OutcomePage outcome={outcome(2, { paid: 1200 })} receipt={receipt} />,
    );
    expect(
      await screen.findByRole('link', { name: 'Download receipt (PDF)' }, SLOW_CI),
    ).toBeVisible();
    unmount();
    await renderInApp(<OutcomePage outcome={outcome(3)} receipt={receipt} />);
    expect(await heading()).toHaveTextContent('Payment failed');
    expect(screen.queryByRole('link', { name: 'Download receipt (PDF)' })).toBeNull();
  });

  it('shows a payment the bank has not settled (status 1) as pending', async () => {
    await renderInApp(<OutcomePage outcome={outcome(1)} />);
    expect(await heading()).toHaveTextContent('Payment pending');
    expect(screen.getByRole('status')).toHaveTextContent('not confirmed the payment yet');
    expect(screen.queryByText(/Payment successful|has gone through|Payment failed/)).toBeNull();
  });
});

describe('PaymentNotFound', () => {
  it('claims nothing and leads to the bookings and to support', async () => {
    await renderInApp(<PaymentNotFound />);
    expect(await heading()).toHaveTextContent('We could not find this payment');
    expect(screen.queryByText(/Payment successful|has gone through|Payment failed/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Your bookings' })).toHaveAttribute(
      'href',
      '/bookings',
    );
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      '/contacts',
    );
  });
});
