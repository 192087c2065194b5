// @vitest-environment node
/**
 * Server renders of `/{slug}` typed by hand (issue 44): an address that cannot exist is a 404, a
 * search with odd parameters moves to its normalised address instead of failing, a page past the
 * last moves to the last, and a tour whose dates have passed offers others on its 410 page.
 */
import type { components } from '@gallop/api-client';
import { describe, expect, it } from 'vitest';
import { render } from '../../entry-server';
import { fakeAnswers, tourSummary } from '../../lib/testing/fake-api';

type TourList = components['schemas']['TourList'];

const manifest = { routes: {} };

const results = (total: number): TourList => ({
  items: total > 0 ? [tourSummary({ id: 5, slug: 'lake-ride-5', name: 'Lake Ride' })] : [],
  pagination: { page: 1, per_page: 20, total, page_count: Math.ceil(total / 20) },
});

const icelandPage = {
  ...results(45),
  slug: 'iceland',
  title: 'Horse riding tours in Iceland',
  h1: 'Riding in Iceland',
  filter: { countries: [101] },
};

const gone: components['schemas']['TourGone'] = {
  message: 'This page is no longer available because the tour dates have passed',
  tour: { id: 12, name: 'Old Highland Trail', slug: 'old-highland-trail-12' },
  organizer: { id: 21, name: 'Highland Horses' },
  organizer_tours: [tourSummary({ id: 31, slug: 'fjord-ride-31', name: 'Fjord Ride' })],
  similar_tours: [tourSummary({ id: 32, slug: 'geyser-gallop-32', name: 'Geyser Gallop' })],
  similar_search: { url: '/iceland', text: 'More tours in Iceland' },
};

/** A stand-in API: what it was asked, and answers by path (the 410 for the gone tour). */
function api() {
  const seen: Request[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    seen.push(request);
    const url = new URL(request.url);
    if (url.pathname === '/spa/tour' && url.searchParams.get('slug') === gone.tour.slug) {
      return Response.json(gone, { status: 410 });
    }
    if (url.pathname === '/spa/tours-page') return Response.json(icelandPage);
    if (url.pathname === '/spa/tours') return Response.json(results(45));
    const answer = fakeAnswers[url.pathname];
    if (answer === undefined) return Response.json({ message: 'Not found' }, { status: 404 });
    return Response.json(answer);
  };
  return { fetch, seen };
}

async function page(path: string, options: { visitorAddress?: string } = {}) {
  const stand = api();
  const response = await render({
    request: new Request(`http://127.0.0.1${path}`),
    manifest,
    site: { organizerUrl: 'https://partners.example.test' },
    apiFetch: stand.fetch,
    ...options,
  });
  return { response, seen: stand.seen };
}

const calls = (seen: Request[], path: string) =>
  seen.filter((request) => new URL(request.url).pathname === path);

describe('/{slug} typed by hand', () => {
  it('answers a slug longer than any page has with 404, asking the API nothing about it', async () => {
    for (const slug of ['x'.repeat(256), `${'y'.repeat(300)}-4`]) {
      const { response, seen } = await page(`/${slug}`);
      expect(response.status, slug.slice(0, 10)).toBe(404);
      expect(await response.text()).toContain('Page not found');
      expect(calls(seen, '/spa/tour')).toEqual([]);
      expect(calls(seen, '/spa/tours-page')).toEqual([]);
    }
  });

  it('moves a search to its normalised address (docs/product.md, Validation), keeping campaign tags', async () => {
    const cases: [string, string][] = [
      // Past every currency's cap (KRW's 10,000,000, decision 176) a bound restricts nothing.
      ['/iceland?priceMax=99999999&page=0&sort=default', '/iceland'],
      ['/iceland?priceMax=99999999&utm_source=newsletter', '/iceland?utm_source=newsletter'],
      // Within some currency's cap (₩999,999) the address keeps it; the API reads it in its currency.
      ['/iceland?priceMax=999999&page=0', '/iceland?priceMax=999999'],
      // Clamped to what the API takes: a radius of 1000 km; a latitude of 91 places nothing.
      ['/tours?lat=91&lng=10&radius=5000', '/tours?radius=1000'],
      ['/tours?priceMin=5000&priceMax=100', '/tours?priceMin=100&priceMax=5000'],
    ];
    for (const [typed, canonical] of cases) {
      const { response, seen } = await page(typed);
      // The router's own move to the address it builds (a temporary redirect).
      expect(response.status, typed).toBe(307);
      expect(response.headers.get('location'), typed).toBe(canonical);
      expect(calls(seen, '/spa/tours'), 'nothing searched before').toEqual([]);
      // The canonical address renders, and is not moved again.
      expect((await page(canonical)).response.status, canonical).toBe(200);
    }
  });

  it('renders a normalised search as it is, asking the API what the address says', async () => {
    const { response, seen } = await page('/iceland?priceMax=3000');
    expect(response.status).toBe(200);
    const search = calls(seen, '/spa/tours')[0]!;
    expect(new URL(search.url).searchParams.get('priceMax')).toBe('3000');
  });

  it('moves a page past the last to the last, without asking for the pages between', async () => {
    const { response, seen } = await page('/iceland?page=40');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/iceland?page=3');
    const pages = calls(seen, '/spa/tours').map((request) =>
      new URL(request.url).searchParams.get('page'),
    );
    // Page 40 alone (it shows its own cards), whose answer gives the last page.
    expect(pages).toEqual(['40']);
  });

  it("moves a search contradicting a catalogue page's own filter to the search it is (307)", async () => {
    const { response, seen } = await page('/iceland?countries=74');
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/tours?countries=74');
    // Never the catalogue page's heading over another country's tours.
    expect(await response.text()).not.toContain('Riding in Iceland');
    expect(calls(seen, '/spa/tours-page')).toHaveLength(1);
    expect((await page('/tours?countries=74')).response.status).toBe(200);
  });

  it('shows a results page of its own, with links to the others and its own canonical', async () => {
    const { response, seen } = await page('/tours?page=2');
    expect(response.status).toBe(200);
    const pages = calls(seen, '/spa/tours').map((request) =>
      new URL(request.url).searchParams.get('page'),
    );
    expect(pages).toEqual(['2']);
    const html = await response.text();
    expect(html).toContain('<link rel="canonical" href="/tours?page=2"');
    // The page numbers are links crawlers follow.
    const links = [...html.matchAll(/<a [^>]*class="page-links__(?:page|step)[^"]*"[^>]*>/g)].map(
      ([tag]) => tag,
    );
    expect(links.some((tag) => tag.includes('href="/tours"') && tag.includes('rel="prev"'))).toBe(
      true,
    );
    expect(links.some((tag) => tag.includes('href="/tours?page=3"'))).toBe(true);
    // Only page 2 is the current page (page 1's address is a part of it, not it).
    expect(links.filter((tag) => tag.includes('aria-current="page"'))).toEqual([
      expect.stringContaining('href="/tours?page=2"'),
    ]);
  });

  it("tells the API the visitor's address with every call of the render", async () => {
    const { seen } = await page('/iceland', { visitorAddress: '198.51.100.7' });
    expect(seen.length).toBeGreaterThan(0);
    for (const request of seen) {
      expect(request.headers.get('x-forwarded-for'), request.url).toBe('198.51.100.7');
    }
  });
});

describe('the 410 page of a tour whose dates have passed', () => {
  it("offers the organizer's other tours, similar tours and their search", async () => {
    const { response } = await page(`/${gone.tour.slug}`);
    expect(response.status).toBe(410);
    const html = await response.text();
    expect(html).toContain(
      'This page is no longer available because the tour dates have passed</h1>',
    );
    expect(html).toContain('More from Highland Horses');
    expect(html).toContain('href="/fjord-ride-31"');
    expect(html).toContain('Similar tours');
    expect(html).toContain('href="/geyser-gallop-32"');
    expect(html).toContain('href="/iceland"');
    expect(html).toContain('More tours in Iceland');
    expect(html).toContain('href="/tour-provider/21"');
  });
});
