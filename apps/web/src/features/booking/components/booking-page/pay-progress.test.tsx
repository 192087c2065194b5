import type { components } from '@gallop/api-client';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, tourSummary } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { BookingPage } from './booking-page';

type BookingRequest = components['schemas']['BookingRequest'];

const traveller = { id: 3, email: 'katrin@example.com' } as components['schemas']['UserProfile'];

/** A confirmed booking its owner can pay. */
const booking = {
  id: 9,
  uuid: '6f1c2d7e-3b4a-4c5d-8e9f-a0b1c2d3e4f5',
  status: 2,
  reader: 'traveller',
  tour: tourSummary(),
  tourists: [{ id: 1, full_name: 'Katrin Weber' }],
  price: 1200,
  prepayment: 300,
  paid: 0,
  refunded: 0,
  currency: 'EUR',
  created_at: '2026-12-06T09:00:00Z',
  can_pay: true,
  can_cancel: true,
} as BookingRequest;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('paying on a slow network', () => {
  it('shows progress on the pressed button until the provider page opens, and starts once', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const api = createFakeApi({});
    const starts: Request[] = [];
    let answer: (response: Response) => void = () => {};
    const fetch = (request: Request) => {
      if (!new URL(request.url).pathname.endsWith('/payment/start')) return api.fetch(request);
      starts.push(request);
      return new Promise<Response>((resolve) => (answer = resolve));
    };
    await renderInApp(<BookingPage booking={booking} user={traveller} />, {
      fetch,
      signedIn: true,
    });
    const prepay = await screen.findByRole('button', { name: /^Pay the prepayment/u });
    fireEvent.click(prepay);
    fireEvent.click(prepay);
    await waitFor(() => expect(starts).toHaveLength(1));
    expect(prepay).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: /^Pay in full/u })).toBeDisabled();

    answer(
      Response.json({
        payment: { id: 1, status: 1 },
        redirect_url: 'https://pay.example.test/1',
      }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example.test/1'));
    // The provider's page is still loading: the button stays busy, nothing can be sent again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(prepay).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(screen.getByRole('button', { name: /^Pay in full/u }));
    expect(starts).toHaveLength(1);

    // Back from the provider's page (back/forward cache): the buttons work again.
    window.dispatchEvent(new Event('pageshow'));
    await waitFor(() => expect(prepay).not.toHaveAttribute('aria-busy'));
    expect(prepay).toBeEnabled();
  });
});
