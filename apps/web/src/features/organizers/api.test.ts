// @vitest-environment node
import { createGallopClient } from '@gallop/api-client';
import { QueryClient } from '@tanstack/react-query';
import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  ensureOrganizerPage,
  ensureProvidersHub,
  hubPages,
  organizerQueries,
  parseOrganizerId,
} from './api';
import { validateHubSearch } from './hub-search';
import { UNVERIFIED } from './format';
import { organizerFixture, reviewPage } from './testing/organizer-fixture';
import { failureOf } from '../../lib/testing/api-client';

type Answer = { status?: number; body: unknown };

/** A client whose API answers by path (`answers`), 404 for other paths; records every call. */
function clientAnswering(answers: Record<string, Answer | ((url: URL) => Answer)>) {
  const seen: URL[] = [];
  const api = createGallopClient({
    throwOnError: true,
    baseUrl: 'http://api.test',
    locale: { iso: 'en', localizationId: 1 },
    currency: 'USD',
    fetch: async (request) => {
      const url = new URL(request.url);
      seen.push(url);
      const entry = answers[url.pathname];
      const answer = typeof entry === 'function' ? entry(url) : entry;
      if (!answer) return Response.json({ message: 'Not found' }, { status: 404 });
      return Response.json(answer.body, { status: answer.status ?? 200 });
    },
  });
  return { api, seen };
}

const organizer = organizerFixture();
const pageAnswers = {
  '/crm/api/organizer/public-info': { body: organizer },
  '/crm/api/organizer/verification-info': {
    body: { is_email_verified: true, is_phone_verified: false, is_passport_verified: true },
  },
  '/spa/organizer-reviews': { body: reviewPage([1, 2, 3, 4, 5], 1, 12) },
  '/spa/tours': {
    body: { items: [], pagination: { page: 1, per_page: 20, total: 0, page_count: 0 } },
  },
};

describe('parseOrganizerId', () => {
  it('takes plain positive numbers only', () => {
    expect(parseOrganizerId('6')).toBe(6);
    expect(parseOrganizerId('999999')).toBe(999999);
    expect(parseOrganizerId('abc')).toBeUndefined();
    expect(parseOrganizerId('0')).toBeUndefined();
    expect(parseOrganizerId('06')).toBeUndefined();
    expect(parseOrganizerId('6abc')).toBeUndefined();
    expect(parseOrganizerId('-6')).toBeUndefined();
    expect(parseOrganizerId('99999999999')).toBeUndefined();
  });
});

describe('ensureOrganizerPage', () => {
  it('loads the profile, verification, 5 reviews and the tours with the organizer filter', async () => {
    const { api, seen } = clientAnswering(pageAnswers);
    await expect(ensureOrganizerPage(new QueryClient(), api, 6)).resolves.toEqual(organizer);
    const query = (path: string) =>
      Object.fromEntries(seen.find((url) => url.pathname === path)?.searchParams ?? []);
    expect(query('/crm/api/organizer/public-info')).toEqual({ id: '6' });
    expect(query('/crm/api/organizer/verification-info')).toEqual({ id: '6' });
    expect(query('/spa/organizer-reviews')).toEqual({ id: '6', limit: '5', page: '1' });
    expect(query('/spa/tours')).toEqual({ organizer: '6' });
  });

  it('is the 404 page for a provider the API does not know', async () => {
    const { api } = clientAnswering({});
    expect(isNotFound(await failureOf(ensureOrganizerPage(new QueryClient(), api, 999999)))).toBe(
      true,
    );
  });

  it('lets other failures through (the error page picks their status)', async () => {
    const { api } = clientAnswering({
      ...pageAnswers,
      '/spa/organizer-reviews': { status: 500, body: { message: 'Boom' } },
    });
    const failure = await failureOf(ensureOrganizerPage(new QueryClient(), api, 6));
    expect(isNotFound(failure)).toBe(false);
    expect(failure).toMatchObject({ status: 500 });
  });

  it('counts verification info that fails to load as all flags false (docs/product.md, Errors)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { api } = clientAnswering({
      ...pageAnswers,
      '/crm/api/organizer/verification-info': { status: 500, body: { message: 'Boom' } },
    });
    const queryClient = new QueryClient();
    await ensureOrganizerPage(queryClient, api, 6);
    expect(queryClient.getQueryData(organizerQueries.verification(api, 6).queryKey)).toEqual(
      UNVERIFIED,
    );
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('the providers hub', () => {
  it('reads ?page=N as pages 1..N, never past the last page', () => {
    expect(validateHubSearch({ page: '3' })).toEqual({ page: 3 });
    expect(validateHubSearch({ page: 1 })).toEqual({});
    expect(validateHubSearch({ page: 'abc' })).toEqual({});
    expect(validateHubSearch({ page: 2.5 })).toEqual({});
    expect(hubPages(3, 6)).toEqual([1, 2, 3]);
    expect(hubPages(500, 2)).toEqual([1, 2]);
    expect(hubPages(4, 0)).toEqual([1]);
  });

  it('loads every page shown and no page past the end', async () => {
    const { api, seen } = clientAnswering({
      '/spa/stats': { body: { verifiedOrganizersCount: 24 } },
      '/spa/hub-organizer-page': (url) => ({
        body: {
          items: [organizerFixture({ id: Number(url.searchParams.get('page')) })],
          pagination: { page: 1, per_page: 12, total: 30, page_count: 3 },
        },
      }),
    });
    await ensureProvidersHub(new QueryClient(), api, 50);
    expect(
      seen
        .filter((url) => url.pathname === '/spa/hub-organizer-page')
        .map((url) => url.searchParams.get('page'))
        .sort(),
    ).toEqual(['1', '2', '3']);
  });
});
