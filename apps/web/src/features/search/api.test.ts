// @vitest-environment node
import { createGallopClient } from '@gallop/api-client';
import { normalizeFilters } from '@gallop/search-filters';
import { QueryClient } from '@tanstack/react-query';
import { isNotFound, isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import {
  ALL_CRUISES_META,
  ALL_TOURS_META,
  ALL_TOURS_SLUG,
  ensureSearchPage,
  shownPages,
  searchResultsQueryOptions,
} from './api';

const emptyList = { items: [], pagination: { page: 1, per_page: 20, total: 0, page_count: 0 } };
const icelandPage = {
  ...emptyList,
  slug: 'iceland',
  title: 'Horse riding tours in Iceland',
  h1: 'Riding in Iceland',
  description: 'Lava fields and glaciers.',
  breadcrumbs: [{ url: '/', text: 'Home' }],
  seo: { title: 'Iceland riding tours', canonical: '/iceland' },
  filter: { countries: [101] },
};

/** Two pages of results (25 tours). */
const twoPages = { ...emptyList, pagination: { page: 1, per_page: 20, total: 25, page_count: 2 } };

/** A fake API: `/spa/tours-page` answers `page` (404 when undefined), `/spa/tours` a list. */
function fakeApi(page: unknown, list: unknown = emptyList) {
  const seen: URL[] = [];
  const api = createGallopClient({
    throwOnError: true,
    baseUrl: 'http://api.test',
    locale: { iso: 'en', localizationId: 1 },
    currency: 'USD',
    fetch: async (request) => {
      const url = new URL(request.url);
      seen.push(url);
      if (url.pathname === '/spa/tours-page') {
        return page ? Response.json(page) : Response.json({ message: 'No page' }, { status: 404 });
      }
      return page || !url.searchParams.has('slug')
        ? Response.json(list)
        : Response.json({ message: 'No page' }, { status: 404 });
    },
  });
  const calls = (path: string) =>
    seen.filter((url) => url.pathname === path).map((url) => url.searchParams.toString());
  return { api, calls };
}

describe('ensureSearchPage', () => {
  it("loads a catalogue page: its texts, and its address's results page alone, with its slug", async () => {
    const { api, calls } = fakeApi(icelandPage, twoPages);
    const { meta, page } = await ensureSearchPage(
      new QueryClient(),
      api,
      'iceland',
      normalizeFilters({ difficulty: [2], page: 2 }),
    );
    expect(page).toBe(2);
    expect(meta).toEqual({
      slug: 'iceland',
      title: 'Iceland riding tours',
      h1: 'Riding in Iceland',
      description: 'Lava fields and glaciers.',
      breadcrumbs: [{ url: '/', text: 'Home' }],
      canonical: '/iceland',
      filter: normalizeFilters({ countries: [101] }),
    });
    expect(calls('/spa/tours-page')).toEqual(['slug=iceland']);
    // Page 2 shows cards 21-40 alone (not pages 1 and 2), with the facets beside them.
    expect(calls('/spa/tours')).toEqual(['difficulty=2&page=2&slug=iceland&expand=filters']);
  });

  it('moves a page past the last to the last, asking only for the page typed', async () => {
    const { api, calls } = fakeApi(icelandPage, twoPages);
    const moved = await ensureSearchPage(
      new QueryClient(),
      api,
      'iceland',
      normalizeFilters({ difficulty: [2], page: 9 }),
    ).catch((error: unknown) => error);
    expect(isRedirect(moved)).toBe(true);
    expect((moved as { options: { href: string; statusCode: number } }).options).toMatchObject({
      href: '/iceland?difficulty=2&page=2',
      statusCode: 302,
    });
    expect(calls('/spa/tours')).toEqual(['difficulty=2&page=9&slug=iceland&expand=filters']);
  });

  it('searches every tour without a slug on the catalogue-wide page', async () => {
    const { api, calls } = fakeApi(undefined);
    const { meta } = await ensureSearchPage(
      new QueryClient(),
      api,
      ALL_TOURS_SLUG,
      normalizeFilters({}),
    );
    expect(meta).toBe(ALL_TOURS_META);
    expect(calls('/spa/tours-page')).toEqual([]);
    expect(calls('/spa/tours')).toEqual(['expand=filters']);
  });

  it('gives a cruise search on the catalogue-wide page its own texts', async () => {
    const { api, calls } = fakeApi(undefined);
    for (const query of [{ isCruisesSearch: 1 }, { ships: [3] }]) {
      const { meta } = await ensureSearchPage(
        new QueryClient(),
        api,
        ALL_TOURS_SLUG,
        normalizeFilters(query),
      );
      expect(meta).toBe(ALL_CRUISES_META);
    }
    expect(ALL_CRUISES_META.h1).toBe('Cruises with riding days');
    expect(ALL_CRUISES_META.canonical).toBe('/tours?isCruisesSearch=1');
    expect(calls('/spa/tours')).toEqual([
      'isCruisesSearch=1&expand=filters',
      'ships=3&expand=filters',
    ]);
  });

  it('is the 404 page for a slug with no catalogue page', async () => {
    const { api } = fakeApi(undefined);
    const failure = await ensureSearchPage(
      new QueryClient(),
      api,
      'nowhere',
      normalizeFilters({}),
    ).catch((error: unknown) => error);
    expect(isNotFound(failure)).toBe(true);
  });
});

describe('shownPages', () => {
  it("lists the address's page alone, or the run 'Show more' appended to", () => {
    expect(shownPages(1, 1)).toEqual([1]);
    expect(shownPages(3, 3)).toEqual([3]);
    expect(shownPages(2, 4)).toEqual([2, 3, 4]);
    expect(shownPages(0, 0)).toEqual([1]);
    expect(shownPages(5, 2)).toEqual([2]);
  });
});

describe('searchResultsQueryOptions', () => {
  const PASSPORT = 'level=novice&tack=english&hours=3&weight=104';

  /** The options' key, and what the API call sends: its address and the passport header. */
  async function call(filters: Parameters<typeof normalizeFilters>[0], passport?: string) {
    const sent: { url: string; header: string | null }[] = [];
    const api = createGallopClient({
      throwOnError: true,
      baseUrl: 'http://api.test',
      locale: { iso: 'en', localizationId: 1 },
      currency: 'USD',
      fetch: async (request) => {
        sent.push({ url: request.url, header: request.headers.get('x-rider-passport') });
        return Response.json(emptyList);
      },
    });
    const options = searchResultsQueryOptions(
      api,
      ALL_TOURS_SLUG,
      normalizeFilters(filters),
      1,
      passport,
    );
    await new QueryClient().fetchQuery(options);
    return { key: JSON.stringify(options.queryKey), sent: sent[0]! };
  }

  it('sends the passport of a "fits me first" search in a header, in the key, never in the address', async () => {
    const fit = await call({ sort: 'fit' }, PASSPORT);
    expect(fit.sent.header).toBe(PASSPORT);
    expect(fit.sent.url).toContain('sort=fit');
    expect(fit.sent.url).not.toContain('weight');
    expect(fit.sent.url).not.toContain('novice');
    expect(fit.key).toContain(PASSPORT);
    // Another passport is another query: the cache asks again.
    const other = await call({ sort: 'fit' }, PASSPORT.replace('104', '80'));
    expect(other.key).not.toBe(fit.key);
  });

  it('sends no passport for any other sort, nor without one', async () => {
    for (const sort of ['default', 'price', '-price'] as const) {
      const answer = await call({ sort }, PASSPORT);
      expect(answer.sent.header, sort).toBeNull();
      expect(answer.key, sort).not.toContain('weight');
    }
    const none = await call({ sort: 'fit' });
    expect(none.sent.header).toBeNull();
    expect(none.key).toBe((await call({ sort: 'fit' }, '')).key);
  });
});
