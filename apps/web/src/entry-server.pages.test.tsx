// @vitest-environment node
/**
 * Server renders of the meet, unfollow, individual tour, QR and arrival pages and of the configurable
 * booking base, through the app's real router with a stand-in API.
 */
import type { components } from '@gallop/api-client';
import { describe, expect, it } from 'vitest';
import { createWebApp } from '../server/app';
import { render } from './entry-server';
import { meetFixture } from './features/meet/testing/meet-fixture';
import { tourFixture } from './features/tour/testing/tour-fixture';
import { createFakeApi, fakeAnswers, tourSummary } from './lib/testing/fake-api';
import type { SiteConfig } from './lib/site';

const manifest = { routes: {} };
const UUID = '3f0c8a5e-9d1b-4c2e-8f7a-1b2c3d4e5f60';
const MEET_KEY = 'meet-key-0123456789';

async function page(
  path: string,
  answers: Record<string, unknown> = {},
  site: Partial<SiteConfig> = {},
) {
  const api = createFakeApi({ ...fakeAnswers, ...answers });
  const response = await render({
    request: new Request(`http://127.0.0.1${path}`),
    manifest,
    site: { organizerUrl: 'https://partners.example.test', ...site },
    apiFetch: api.fetch,
  });
  return { response, html: await response.text(), seen: api.seen };
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
    const response = await render({
      request: new Request(`http://127.0.0.1/meet?key=${MEET_KEY}`),
      manifest,
      site: { organizerUrl: 'https://partners.example.test' },
      apiFetch: api,
    });
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
      getManifest: () => manifest,
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
