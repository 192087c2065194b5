import { createGallopClient } from '@gallop/api-client';
import { describe, expect, it, vi } from 'vitest';
import { gallopQueryKey, getRiderPassportQueryOptions } from '@gallop/api-client/query';
import { QueryClient } from '@tanstack/react-query';
import { endSession, signOut, signingOut } from './sign-out';
import { ACCOUNT_ITEM_PREFIX, tabStorage } from './tab-storage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function clientAnswering(answer: (request: Request) => Promise<Response>) {
  return createGallopClient({
    throwOnError: true,
    baseUrl: 'http://web.test',
    locale: { iso: 'en', localizationId: 1 },
    currency: 'USD',
    fetch: answer,
  });
}

describe('signOut', () => {
  it('calls the sign-out and counts as on its way until the answer is back', async () => {
    const asked: string[] = [];
    let answer: ((response: Response) => void) | undefined;
    const api = clientAnswering(
      (request) =>
        new Promise((resolve) => {
          asked.push(`${request.method} ${new URL(request.url).pathname}`);
          answer = resolve;
        }),
    );
    expect(signingOut()).toBe(false);
    const leaving = signOut(api);
    expect(signingOut()).toBe(true);
    await vi.waitFor(() => expect(answer).toBeDefined());
    expect(asked).toEqual(['POST /crm/api/user/logout']);
    expect(signingOut()).toBe(true);
    answer!(json(200, { success: true }));
    await leaving;
    expect(signingOut()).toBe(false);
  });

  it('is no longer on its way when the call fails', async () => {
    const api = clientAnswering(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(signOut(api)).rejects.toBeDefined();
    expect(signingOut()).toBe(false);
  });
});

describe('endSession', () => {
  it('forgets the profile and the account’s rider passports, also when the call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = clientAnswering(async () => {
      throw new TypeError('Failed to fetch');
    });
    const queryClient = new QueryClient();
    const profileKey = gallopQueryKey('/crm/api/user/profile');
    const favouritesKey = gallopQueryKey('/crm/api/user/favourite-tours');
    const passportKey = getRiderPassportQueryOptions(api).queryKey;
    queryClient.setQueryData(profileKey, { first_name: 'Ann' });
    queryClient.setQueryData(passportKey, {
      passport: { level: 'novice', weight_kg: 82 },
      companions: [],
    });
    queryClient.setQueryData(favouritesKey, [1]);
    await endSession(api, queryClient, profileKey);
    expect(queryClient.getQueryData(profileKey)).toBeUndefined();
    expect(queryClient.getQueryData(passportKey)).toBeUndefined();
    // Only the account's own: the rest of the cache stays.
    expect(queryClient.getQueryData(favouritesKey)).toEqual([1]);
    expect(warn).toHaveBeenCalledWith('Sign-out call failed', expect.any(Error));
  });

  it('removes this tab’s account items (the chat’s unsent texts), keeps the rest', async () => {
    const api = clientAnswering(async () => json(200, { success: true }));
    const draftName = `${ACCOUNT_ITEM_PREFIX}chat-drafts`;
    tabStorage.set(draftName, JSON.stringify({ userId: 7, texts: { 3: 'My weight is 95 kg' } }));
    tabStorage.set('gallop.payment-key.abc', 'key-1');
    await endSession(api, new QueryClient(), gallopQueryKey('/crm/api/user/profile'));
    expect(tabStorage.get(draftName)).toBeUndefined();
    expect(sessionStorage.getItem(draftName)).toBeNull();
    expect(tabStorage.get('gallop.payment-key.abc')).toBe('key-1');
  });
});
