// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createServerApiClient } from './api';
import { forgetLastKnownSiteInfo, prefetchSiteInfo, siteInfoQueryOptions } from './site-info';
import { createFakeApi, fakeAnswers, unreachableApi } from './testing/fake-api';

const request = new Request('http://web.test/');

describe('prefetchSiteInfo', () => {
  it('never fails, and keeps the last answer for when the API goes down', async () => {
    // A process that has had no answer yet (renders in other files of this worker had some).
    forgetLastKnownSiteInfo();
    const down = createServerApiClient({ request, fetch: unreachableApi });
    const before = new QueryClient();
    // It says the API did not answer.
    await expect(prefetchSiteInfo(before, down)).resolves.toBe(false);
    expect(before.getQueryData(siteInfoQueryOptions(down).queryKey)).toBeUndefined();

    const up = createServerApiClient({ request, fetch: createFakeApi().fetch });
    expect(await prefetchSiteInfo(new QueryClient(), up)).toBe(true);

    // A later request while the API is down still gets the contacts for the 503 page.
    const after = new QueryClient();
    expect(await prefetchSiteInfo(after, down)).toBe(false);
    expect(after.getQueryData(siteInfoQueryOptions(down).queryKey)).toEqual(
      fakeAnswers['/spa/info'],
    );
  });
});
