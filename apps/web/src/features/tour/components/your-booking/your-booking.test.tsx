import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, fakeAnswers } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { YourBooking } from './your-booking';

const privateData = (requestId: number | null) => ({
  ...fakeAnswers,
  '/spa/tour-private-data': {
    is_favourite: false,
    request_id: requestId,
    chat_id: null,
    can_review: false,
  },
});

describe('YourBooking', () => {
  it('leads a signed-in traveller to the booking they already asked for', async () => {
    const api = createFakeApi(privateData(42));
    await renderInApp(<YourBooking tourId={99} />, { fetch: api.fetch, signedIn: true });

    const link = await screen.findByRole('link', { name: 'Open your booking' });
    expect(link).toHaveAttribute('href', '/booking/42');
    expect(screen.getByRole('status')).toHaveTextContent(
      'You have already asked to book this tour.',
    );
    const call = api.seen
      .map((request) => new URL(request.url))
      .find((url) => url.pathname === '/spa/tour-private-data');
    expect(call?.searchParams.get('id')).toBe('99');
  });

  it('shows nothing without a live request', async () => {
    const api = createFakeApi(privateData(null));
    await renderInApp(<YourBooking tourId={99} />, { fetch: api.fetch, signedIn: true });
    await vi.waitFor(() =>
      expect(api.seen.some((request) => request.url.includes('/spa/tour-private-data'))).toBe(true),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('asks nothing while signed out', async () => {
    const api = createFakeApi(privateData(42));
    await renderInApp(<YourBooking tourId={99} />, { fetch: api.fetch });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.seen.some((request) => request.url.includes('/spa/tour-private-data'))).toBe(false);
    expect(screen.queryByRole('link', { name: 'Open your booking' })).toBeNull();
  });

  it('stays quiet when the call fails (the page works without it)', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const api = createFakeApi(fakeAnswers); // no answer for the call: 404
    await renderInApp(<YourBooking tourId={99} />, { fetch: api.fetch, signedIn: true });
    await vi.waitFor(() => expect(info).toHaveBeenCalled());
    expect(screen.queryByRole('status')).toBeNull();
    info.mockRestore();
  });
});
