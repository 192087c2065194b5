// @vitest-environment node
/**
 * Server renders of the meet, unfollow, individual tour, QR and arrival pages and of the configurable
 * booking base, through the app's real router with a stand-in API.
 */
import type { components } from '@gallop/api-client';
import { describe, expect, it, vi } from 'vitest';
import { createWebApp } from '../server/app';
import { serverPage, TEST_SITE } from './entry-server.testing';
import { meetFixture } from './features/meet/testing/meet-fixture';
import { tourFixture } from './features/tour/testing/tour-fixture';
import { createFakeApi, fakeAnswers, tourSummary } from './lib/testing/fake-api';
import type { SiteConfig } from './lib/site';

const UUID = '3f0c8a5e-9d1b-4c2e-8f7a-1b2c3d4e5f60';
const MEET_KEY = 'meet-key-0123456789';

async function page(
  path: string,
  answers: Record<string, unknown> = {},
  site: Partial<SiteConfig> = {},
) {
  const api = createFakeApi({ ...fakeAnswers, ...answers });
  const answer = await serverPage(path, api.fetch, {}, { site: { ...TEST_SITE, ...site } });
  return { ...answer, seen: api.seen };
}

const booking = {
  id: 812,
  uuid: UUID,
  status: 2,
  tour: tourSummary(),
  tourists: [{ id: 1, full_name: 'Anna Petrova' }],
  price: 1200,
  prepayment: 300,
  paid: 0,
  currency: 'USD',
  created_at: '2026-11-20T10:00:00Z',
  can_pay: true,
  can_cancel: true,
} as components['schemas']['BookingRequest'];

describe('the meet page (server)', () => {
  it('renders the trip and the form, not indexed (meta tag and X-Robots-Tag)', async () => {
    const { response, html, seen } = await page(`/meet?key=${MEET_KEY}`, {
      '/spa/contract-organizer-meet-data': meetFixture(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('<title>Meeting details | Gallop</title>');
    expect(html).toContain('href="/altai-horse-trek-to-the-multinskiye-lakes-12"');
    expect(html).toContain('#<!-- -->4821');
    expect(html).toContain('Flight S7 2519, Gorno-Altaysk');
    expect(html).toContain('We meet you at the arrivals hall of Gorno-Altaysk airport.</textarea>');
    const call = seen.find((request) => request.url.includes('meet-data'));
    expect(new URL(call!.url).searchParams.get('key')).toBe(MEET_KEY);
  });

  it('answers an unknown key with the 404 page, and a missing key too', async () => {
    const unknown = await page(`/meet?key=${MEET_KEY}`);
    expect(unknown.response.status).toBe(404);
    expect(unknown.html).toContain('Page not found');
    expect((await page('/meet')).response.status).toBe(404);
  });

  it('shows the 503 page when the API fails', async () => {
    const api = async () => Response.json({ message: 'down' }, { status: 500 });
    const { response } = await serverPage(`/meet?key=${MEET_KEY}`, api);
    expect(response.status).toBe(503);
  });
});

describe('the unfollow page (server)', () => {
  const following = {
    tour: { id: 12, name: 'Altai Horse Trek', slug: 'altai-horse-trek-12' },
    email: 'rider@example.com',
    following: true,
  };

  it('asks before it unfollows, not indexed, and sends nothing but the read', async () => {
    const { response, html, seen } = await page('/unfollow?token=body.signature', {
      '/spa/unsubscribe-tour-program': following,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(html).toContain('<title>Stop e-mails about a tour | Gallop</title>');
    expect(html).toContain('Stop e-mails about Altai Horse Trek?');
    const calls = seen.filter((request) => request.url.includes('unsubscribe-tour-program'));
    expect(calls.map((request) => request.method)).toEqual(['GET']);
    expect(new URL(calls[0]!.url).searchParams.get('token')).toBe('body.signature');
  });

  it('answers a refused or missing token with 404 and says the link does not work', async () => {
    for (const path of ['/unfollow?token=forged', '/unfollow']) {
      const { response, html } = await page(path);
      expect(response.status).toBe(404);
      expect(html).toContain('This link does not work');
    }
  });
});

describe('the follow confirmation page (server)', () => {
  const pending = {
    tour: { id: 12, name: 'Altai Horse Trek', slug: 'altai-horse-trek-12' },
    email: 'rider@example.com',
    following: false,
  };

  it('asks before it follows, not indexed, and sends nothing but the read', async () => {
    const { response, html, seen } = await page('/follow?token=body.signature', {
      '/spa/confirm-tour-follow': pending,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(html).toContain('<title>Follow a tour | Gallop</title>');
    expect(html).toContain('Follow Altai Horse Trek?');
    const calls = seen.filter((request) => request.url.includes('confirm-tour-follow'));
    expect(calls.map((request) => request.method)).toEqual(['GET']);
    expect(new URL(calls[0]!.url).searchParams.get('token')).toBe('body.signature');
  });

  it('answers a refused or missing token with 404 and says the link does not work', async () => {
    for (const path of ['/follow?token=forged', '/follow']) {
      const { response, html } = await page(path);
      expect(response.status).toBe(404);
      expect(html).toContain('This link does not work');
    }
  });
});

describe('the individual tour page (server)', () => {
  it('is the tour page of the offer, not indexed', async () => {
    const tour = tourFixture();
    const { response, html, seen } = await page(`/order/${UUID}/individual-tour`, {
      '/spa/individual-tour': tour,
    });
    expect(response.status).toBe(200);
    expect(html).toContain(`${tour.name}</h1>`);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const call = seen.find((request) => request.url.includes('individual-tour'));
    expect(new URL(call!.url).searchParams.get('uuid')).toBe(UUID);
  });

  it('answers an unknown uuid with 404', async () => {
    expect((await page(`/order/${UUID}/individual-tour`)).response.status).toBe(404);
    expect((await page('/order/not-a-uuid/individual-tour')).response.status).toBe(404);
  });
});

describe('pages behind runtime flags (server)', () => {
  const answers = { '/crm/api/request/get-by-uuid': booking };

  it('answers the QR and arrival pages with 404 while their flags are off', async () => {
    for (const path of [`/booking/qr/uuid/${UUID}`, '/booking/qr/812', `/arrival/${UUID}`]) {
      const { response, html } = await page(path, answers);
      expect(response.status, path).toBe(404);
      expect(html, path).toContain('Page not found');
    }
  });

  it('renders the QR page by link key when the flag is on (signed out: sign in first)', async () => {
    const { response, html } = await page(`/booking/qr/uuid/${UUID}`, answers, {
      features: { qrPayment: true },
    });
    expect(response.status).toBe(200);
    expect(html).toContain('Pay for booking #<!-- -->812<!-- --> by QR code');
    expect(html).toContain('to get the QR code');
    expect(html).toContain(`href="/booking/pay/uuid/${UUID}"`);
  });

  it('renders the arrival page when the flag is on', async () => {
    const { response, html } = await page(`/arrival/${UUID}`, answers, {
      features: { arrival: true },
    });
    expect(response.status).toBe(200);
    expect(html).toContain('Arrival and departure');
    expect(html).toContain('to add how your riders arrive and leave');
  });
});

describe('the booking base (server)', () => {
  const answers = { '/crm/api/request/get-by-uuid': booking };

  it('serves the booking pages under the configured base and links there', async () => {
    const { response, html } = await page(`/trips/uuid/${UUID}`, answers, {
      bookingBasePath: 'trips',
    });
    expect(response.status).toBe(200);
    expect(html).toContain('Booking #812</h1>');
    expect(html).toContain(`<link rel="canonical" href="/trips"/>`);
    expect(html).not.toMatch(/href="\/booking[/"]/);
  });

  it('builds the QR page card link under the base', async () => {
    const { html } = await page(`/trips/qr/uuid/${UUID}`, answers, {
      bookingBasePath: 'trips',
      features: { qrPayment: true },
    });
    expect(html).toContain(`href="/trips/pay/uuid/${UUID}"`);
  });

  it('moves old /booking addresses to the base with a permanent redirect', async () => {
    const app = createWebApp({
      apiUrl: 'http://127.0.0.1:9',
      site: { organizerUrl: 'https://partners.example.test', bookingBasePath: 'trips' },
      loadRenderer: async () => ({ render: async () => new Response('page') }),
      getManifest: () => ({ routes: {} }),
    });
    const moved = await app.request(`http://gallop.test/booking/uuid/${UUID}?from=mail`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/trips/uuid/${UUID}?from=mail`);
    expect((await app.request('http://gallop.test/bookings')).status).toBe(200);
    expect(await (await app.request('http://gallop.test/robots.txt')).text()).toContain(
      'Disallow: /trips',
    );
  });
});

describe('the payment outcome pages (server)', () => {
  const outcome = (
    status: 1 | 2 | 3,
    payment: Partial<components['schemas']['Payment']> = {},
  ): components['schemas']['PaymentOutcome'] => ({
    payment: {
      id: 55,
      request_id: 812,
      status,
      amount: 300,
      currency: 'EUR',
      payment_type: 'prepayment',
      payment_method: 'card',
      card_last4: status === 1 ? null : '4242',
      refunded: 0,
      ...payment,
    },
    booking: {
      id: 812,
      uuid: UUID,
      status: status === 2 ? 3 : 2,
      tour_name: 'Altai Horse Trek',
      start: '2027-07-12',
      price: 1200,
      paid: status === 2 ? 300 : 0,
      refunded: 0,
      currency: 'EUR',
    },
  });
  const query = '?request_id=812&payment_id=55&token=signed.token';
  const answers = (status: 1 | 2 | 3, payment?: Partial<components['schemas']['Payment']>) => ({
    '/crm/api/payment/outcome': outcome(status, payment),
  });
  const NEVER_SUCCESS = ['Payment successful', 'has gone through'];

  it('says "Payment successful" for a paid payment, with what was paid and what is left', async () => {
    const { response, html, seen } = await page(`/success${query}`, answers(2));
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Payment successful | Gallop</title>');
    expect(html).toContain('Payment successful</h1>');
    expect(html).toContain('€300');
    expect(html).toContain('Altai Horse Trek');
    expect(html).toContain('12 Jul 2027');
    expect(html).toContain('4242');
    expect(html).toContain('€900');
    expect(html).toContain(`href="/booking/uuid/${UUID}"`);
    const call = seen.find((request) => request.url.includes('/payment/outcome'))!;
    expect(new URL(call.url).searchParams.get('payment_id')).toBe('55');
    expect(new URL(call.url).searchParams.get('token')).toBe('signed.token');
  });

  it('sends a declined payment from /success to /payment-failed, which shows the failure', async () => {
    const moved = await page(`/success${query}`, answers(3));
    expect(moved.response.status).toBeGreaterThanOrEqual(301);
    expect(moved.response.status).toBeLessThan(400);
    const location = new URL(moved.response.headers.get('location')!, 'http://x');
    expect(location.pathname).toBe('/payment-failed');
    expect(location.searchParams.get('request_id')).toBe('812');
    expect(location.searchParams.get('payment_id')).toBe('55');
    expect(location.searchParams.get('token')).toBe('signed.token');
    for (const text of NEVER_SUCCESS) expect(moved.html).not.toContain(text);

    const failed = await page(`/payment-failed${query}`, answers(3));
    expect(failed.response.status).toBe(200);
    expect(failed.html).toContain('Payment failed</h1>');
    expect(failed.html).toContain(`href="/booking/pay/uuid/${UUID}"`);
    for (const text of NEVER_SUCCESS) expect(failed.html).not.toContain(text);
  });

  it('sends a paid payment from /payment-failed to /success', async () => {
    const { response } = await page(`/payment-failed${query}`, answers(2));
    expect(response.status).toBeGreaterThanOrEqual(301);
    expect(new URL(response.headers.get('location')!, 'http://x').pathname).toBe('/success');
  });

  it('shows a pending payment as pending on either page, never as a success', async () => {
    for (const path of ['/success', '/payment-failed']) {
      const { response, html } = await page(`${path}${query}`, answers(1));
      expect(response.status, path).toBe(200);
      expect(html, path).toContain('<title>Payment pending | Gallop</title>');
      expect(html, path).toContain('Payment pending</h1>');
      for (const text of [...NEVER_SUCCESS, 'Payment failed'])
        expect(html, path).not.toContain(text);
    }
  });

  it('answers 404 "We could not find this payment" with no parameters, an unknown payment or a bad token', async () => {
    for (const path of [
      '/success',
      '/payment-failed',
      '/success?request_id=812',
      '/success?payment_id=55',
      `/success${query}`,
    ]) {
      // No outcome answer: the fake API says 404, as the API does for a wrong token.
      const { response, html } = await page(path);
      expect(response.status, path).toBe(404);
      expect(html, path).toContain('<title>We could not find this payment | Gallop</title>');
      expect(html, path).toContain('We could not find this payment</h1>');
      expect(html, path).toContain('href="/bookings"');
      for (const text of [...NEVER_SUCCESS, 'Payment failed'])
        expect(html, path).not.toContain(text);
    }
  });

  it('says when more was paid than due and is on its way back', async () => {
    const { html } = await page(`/success${query}`, answers(2, { refunded: 50 }));
    expect(html).toContain('€50 was more than was due and is on its way back to your card.');
  });
});

describe('a guest booking whose e-mail is not proven (server)', () => {
  it('says until when the seats are held and offers to confirm the e-mail', async () => {
    const { response, html } = await page(`/booking/uuid/${UUID}`, {
      '/crm/api/request/get-by-uuid': {
        ...booking,
        email_proof_required: true,
        hold_until: '2026-11-20T10:30:00Z',
      },
    });
    expect(response.status).toBe(200);
    expect(html).toContain('Confirm your e-mail to keep your seats');
    expect(html).toContain('10:30 UTC, 20 Nov 2026');
    expect(html).toContain('Confirm your e-mail</span>');
  });

  it('shows the hold of an unpaid booking without the notice once the e-mail is proven', async () => {
    const { html } = await page(`/booking/uuid/${UUID}`, {
      '/crm/api/request/get-by-uuid': { ...booking, hold_until: '2026-11-20T10:30:00Z' },
    });
    expect(html).toContain('Seats held until <!-- -->10:30 UTC, 20 Nov 2026');
    expect(html).not.toContain('Confirm your e-mail');
  });
});

describe('the e-mail confirmation link (server)', () => {
  const profile = {
    id: 7,
    first_name: 'Ann',
    last_name: 'Rider',
    is_email_set: true,
    email: 'ann@example.com',
    is_admin_auth: false,
  };

  it('confirms a registration signed out and signs in, keeping the tokens out of the page', async () => {
    const { response, html, seen } = await page('/email-confirm?token=link-1', {
      '/crm/api/user/confirm-email': { ...profile, token: 'access-9', refresh_token: 'refresh-9' },
    });
    expect(response.status).toBe(200);
    expect(html).toContain('Your e-mail is confirmed');
    expect(html).toContain('Welcome to Gallop: you are signed in.');
    expect(html).toContain('ann@example.com');
    // The session reaches the browser as cookies, not in the HTML (the query cache goes there).
    expect(response.headers.get('set-cookie')).toContain('access-9');
    expect(html).not.toContain('access-9');
    expect(html).not.toContain('refresh-9');
    const confirm = seen.find((request) => request.url.endsWith('/crm/api/user/confirm-email'));
    expect(await confirm!.clone().json()).toEqual({ token: 'link-1' });
  });

  it('sends a visitor whom the link did not sign in to sign in first, and back', async () => {
    const { response } = await page('/email-confirm?token=spent-1', {
      '/crm/api/user/confirm-email': profile,
    });
    expect(response.status).toBeGreaterThanOrEqual(301);
    expect(response.status).toBeLessThan(400);
    const location = new URL(response.headers.get('location')!, 'http://x');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('redirect')).toBe('/email-confirm?token=spent-1');
  });
});

describe('the tour-selection page (server)', () => {
  const token = '481-a9f3Kq7LmN2pR8sT4vWxYz01';

  it('renders the tours the link selects, not indexed, with the runtime meta', async () => {
    const { response, html, seen } = await page(
      `/tour-selection?tour-selection-token=${token}`,
      {
        '/spa/tour-selection': {
          token,
          request_id: 481,
          selected_by: 'organizer',
          selected_by_name: 'Altai Riders',
          comment: null,
          created_at: '2026-12-01T10:00:00Z',
          items: [{ id: 7, tour: tourSummary({ id: 7, slug: 'gobi-ride-7', name: 'Gobi Ride' }) }],
        },
      },
      { runtime: { socketUrl: 'wss://rt.gallop.example' } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(html).toContain('<title>Tours selected for you | Gallop</title>');
    expect(html).toContain('href="/gobi-ride-7"');
    expect(html).toContain('Altai Riders<!-- --> selected these tours');
    expect(seen.map((request) => new URL(request.url).searchParams.get('token'))).toContain(token);
    expect(html).toContain(
      '<meta name="gallop-runtime-config" content="{&quot;socketUrl&quot;:&quot;wss://rt.gallop.example&quot;}"/>',
    );
  });
});

describe('the favourites page (server)', () => {
  it('shows an empty list, not the error page, when the saved tours fail to load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = createFakeApi(fakeAnswers);
    const { response, html } = await serverPage(
      '/favorites',
      async (request) =>
        new URL(request.url).pathname === '/crm/api/tour/get-by-ids'
          ? Response.json({ message: 'Down' }, { status: 503 })
          : api.fetch(request),
      { headers: { cookie: 'favorite_tours=7%2C9' } },
    );
    expect(response.status).toBe(200);
    expect(html).toContain('No favourites yet');
    expect(html).not.toContain('Something went wrong');
    // Logged quietly (docs/product.md, Errors).
    expect(warn).toHaveBeenCalledWith(
      'Favourites: the saved tours did not load',
      expect.anything(),
    );
    warn.mockRestore();
  });
});
