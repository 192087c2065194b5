// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { isNotFound, isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createServerApiClient } from '../../lib/api';
import { createFakeApi } from '../../lib/testing/fake-api';
import { followShortLink, followTelegramLink } from './api';

function clientFor(answers: Record<string, unknown>) {
  const api = createFakeApi(answers);
  const client = createServerApiClient({
    request: new Request('http://web.test/'),
    fetch: api.fetch,
  });
  return { client, seen: api.seen, queryClient: new QueryClient() };
}

const thrown = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('followShortLink', () => {
  it('answers a 302 to the stored target', async () => {
    const { client, queryClient, seen } = clientFor({
      '/spa/redirect': { source_url: '/tour-providers?utm_source=flyer' },
    });
    const error = await thrown(followShortLink(queryClient, client, '5'));
    expect(isRedirect(error)).toBe(true);
    expect(isRedirect(error) && error.options.href).toBe('/tour-providers?utm_source=flyer');
    expect(isRedirect(error) && error.status).toBe(302);
    expect(new URL(seen[0]?.url ?? '').searchParams.get('id')).toBe('5');
  });

  it('is the 404 page for non-numeric, unknown or unsafe links, without asking for bad ids', async () => {
    const { client, queryClient, seen } = clientFor({});
    expect(isNotFound(await thrown(followShortLink(queryClient, client, 'abc')))).toBe(true);
    expect(isNotFound(await thrown(followShortLink(queryClient, client, '0')))).toBe(true);
    expect(seen).toHaveLength(0);
    expect(isNotFound(await thrown(followShortLink(queryClient, client, '77')))).toBe(true);

    const unsafe = clientFor({ '/spa/redirect': { source_url: 'javascript:alert(1)' } });
    expect(isNotFound(await thrown(followShortLink(unsafe.queryClient, unsafe.client, '1')))).toBe(
      true,
    );
  });
});

describe('followTelegramLink', () => {
  const uuid = '3f2b8c1e-9a4d-4c6b-8e2f-1a2b3c4d5e6f';

  it('sends a messenger link to the site’s Telegram', async () => {
    const { client, queryClient } = clientFor({
      '/spa/groups-in-social-network': { telegram: 'https://t.me/gallop_support_bot' },
    });
    const error = await thrown(followTelegramLink(queryClient, client, uuid));
    expect(isRedirect(error) && error.options.href).toBe('https://t.me/gallop_support_bot');
  });

  it('is the 404 page for a malformed uuid or a site without Telegram', async () => {
    const { client, queryClient } = clientFor({
      '/spa/groups-in-social-network': { whatsapp: 'https://wa.me/1' },
    });
    expect(isNotFound(await thrown(followTelegramLink(queryClient, client, 'nope')))).toBe(true);
    expect(isNotFound(await thrown(followTelegramLink(queryClient, client, uuid)))).toBe(true);
  });
});
