// @vitest-environment node
/**
 * Addresses with malformed parameters (typed by hand, cut short, crafted): the router merges what
 * a route's `validateSearch` drops back from the raw address, so each page must still answer as if
 * the parameter were missing, never with a 400 'Internal Error' or a 500 (the router moves to the address without them).
 */
import { describe, expect, it } from 'vitest';
import { serverPage } from './entry-server.testing';
import { tourFixture } from './features/tour/testing/tour-fixture';
import { createFakeApi, fakeAnswers } from './lib/testing/fake-api';

/** The API's own refusals of out-of-bounds queries (as the real one answers: 400 with JSON). */
function refusal(url: URL): Response | undefined {
  const page = url.searchParams.get('page');
  if (page !== null && !(/^\d+$/.test(page) && Number(page) >= 1 && Number(page) <= 10_000)) {
    return Response.json({ message: 'Invalid query parameters' }, { status: 400 });
  }
  const id = url.searchParams.get('id');
  if (id !== null && !/^\d+$/.test(id)) {
    return Response.json({ message: 'Invalid query parameters' }, { status: 400 });
  }
  const uuid = url.searchParams.get('uuid');
  if (uuid !== null && !/^[0-9a-f-]{36}$/i.test(uuid)) {
    return Response.json({ message: 'Invalid query parameters' }, { status: 400 });
  }
  return undefined;
}

async function page(path: string, answers: Record<string, unknown> = {}) {
  const api = createFakeApi({ ...fakeAnswers, ...answers });
  const answer = await serverPage(
    path,
    async (request: Request) => refusal(new URL(request.url)) ?? api.fetch(request),
  );
  return { ...answer, seen: api.seen };
}

/** The page at `path` after the redirects to its cleaned address, and where it ended. */
async function landing(path: string, answers: Record<string, unknown> = {}) {
  const seen: Request[] = [];
  let at = path;
  for (let hop = 0; hop < 3; hop += 1) {
    const answer = await page(at, answers);
    seen.push(...answer.seen);
    const location = answer.response.headers.get('location');
    if (answer.response.status !== 307 || !location) return { ...answer, seen, at };
    at = location;
  }
  throw new Error(`${path}: too many redirects`);
}

const blogList = { items: [], pagination: { page: 1, per_page: 20, total: 0, page_count: 1 } };
const calls = (seen: Request[], path: string) =>
  seen.map((request) => new URL(request.url)).filter((url) => url.pathname === path);

describe('malformed search parameters (server)', () => {
  it.each(['-1', 'abc', '1.5', '%7B%7D'])(
    'shows the first blog page for ?page=%s and asks the API for page 1',
    async (value) => {
      const { response, seen, at } = await landing(`/blog?page=${value}`, {
        '/spa/blog-posts': blogList,
      });
      expect(response.status).toBe(200);
      expect(at).toBe('/blog');
      const asked = calls(seen, '/spa/blog-posts').map((url) => url.searchParams.get('page'));
      expect(asked).toEqual(['1']);
    },
  );

  it('answers a blog page past any the API serves with 404, not 400', async () => {
    const { response, html } = await page('/blog?page=99999', { '/spa/blog-posts': blogList });
    expect(response.status).toBe(404);
    expect(html).toContain('Page not found');
  });

  it.each(['/booking/new?tour=abc', '/booking/new?tour=-3'])(
    'answers %s with the 404 page, not 400',
    async (path) => {
      const { response, html } = await landing(path, {
        '/spa/tour-for-request': tourFixture({ id: 12 }),
      });
      expect(response.status).toBe(404);
      expect(html).toContain('Page not found');
      expect(html).not.toContain('Internal Error');
    },
  );

  it('opens the tour form itself for a malformed ?offer=, not a 400', async () => {
    const { response, at } = await landing('/booking/new?tour=12&offer=123', {
      '/spa/tour-for-request': tourFixture({ id: 12 }),
    });
    expect(response.status).toBe(200);
    expect(at).toBe('/booking/new?tour=12');
  });

  it('ignores a malformed ?date= on the booking form (the first bookable date is chosen)', async () => {
    const plain = await page('/booking/new?tour=12', {
      '/spa/tour-for-request': tourFixture({ id: 12 }),
    });
    const { response, html, at } = await landing('/booking/new?tour=12&date=abc', {
      '/spa/tour-for-request': tourFixture({ id: 12 }),
    });
    expect(response.status).toBe(200);
    expect(at).toBe('/booking/new?tour=12');
    expect(html).not.toContain('no longer offered');
    expect(html.match(/checked=""/g)?.length).toBe(plain.html.match(/checked=""/g)?.length);
  });

  it.each(['123', '%7B%22a%22%3A1%7D', '%5B1%5D'])(
    'answers /redirect?url=%s with the 404 page, not 500',
    async (value) => {
      const { response, html } = await landing(`/redirect?url=${value}`);
      expect(response.status).toBe(404);
      expect(html).toContain('Page not found');
    },
  );
});
