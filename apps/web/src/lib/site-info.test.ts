// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createServerApiClient } from './api';
import { prefetchSiteInfo, siteInfoQueryOptions } from './site-info';
import { createFakeApi, fakeAnswers, unreachableApi } from './testing/fake-api';

const request = new Request('http://web.test/');

describe('prefetchSiteInfo', () => {
  it('never fails, and keeps the last answer for when the API goes down', async () => {
    const down = createServerApiClient({ request, fetch: unreachableApi });
    const before = new QueryClient();
    await expect(prefetchSiteInfo(before, down)).resolves.toBeUndefined();
    expect(before.getQueryData(siteInfoQueryOptions(down).queryKey)).toBeUndefined();

    const up = createServerApiClient({ request, fetch: createFakeApi().fetch });
    await prefetchSiteInfo(new QueryClient(), up);

    // A later request while the API is down still gets the contacts for the 503 page.
    const after = new QueryClient();
    await prefetchSiteInfo(after, down);
    expect(after.getQueryData(siteInfoQueryOptions(down).queryKey)).toEqual(
      fakeAnswers['/spa/info'],
    );
  });
});
