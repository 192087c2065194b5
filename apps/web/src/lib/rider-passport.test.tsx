import type { components, GallopClient } from '@gallop/api-client';
import { getRiderPassportQueryOptions } from '@gallop/api-client/query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  fromContractPassport,
  loadPassportHeader,
  passportFromCookies,
  riderPassportCookie,
  toContractPassport,
  useRiderPassport,
} from './rider-passport';
import { fakeAnswers } from './testing/fake-api';
import { createFakeApiWithPosts } from './testing/fake-api-posts';
import { renderInApp } from './testing/render-in-app';

afterEach(() => {
  document.cookie = 'gallop_rider=; Max-Age=0; Path=/';
});

const ACCOUNT: components['schemas']['RiderPassports'] = {
  passport: { level: 'advanced', tack: 'western', hours_per_day: 6, weight_kg: 88 },
  companions: [{ name: 'Ann', level: 'novice', tack: null, hours_per_day: null, weight_kg: 55 }],
};

function Probe() {
  const { ready, signedIn, passport, companions, guestPassport } = useRiderPassport();
  return (
    <output data-testid="probe">
      {JSON.stringify({ ready, signedIn, passport, companions, guestPassport })}
    </output>
  );
}

const probe = () => JSON.parse(screen.getByTestId('probe').textContent ?? '{}') as unknown;

describe('the rider passport cookie', () => {
  it('keeps a guest passport for a year, and deletes it', () => {
    expect(
      riderPassportCookie({ level: 'novice', tack: null, hoursPerDay: 3, weightKg: 80 }, true),
    ).toBe(
      'gallop_rider=level%3Dnovice%26hours%3D3%26weight%3D80; Max-Age=31536000; Path=/; Secure; SameSite=Lax',
    );
    expect(riderPassportCookie(null, false)).toBe('gallop_rider=; Max-Age=0; Path=/; SameSite=Lax');
  });

  it('reads the passport among other cookies, and nothing from a broken one', () => {
    expect(passportFromCookies('a=1; gallop_rider=level%3Dadvanced%26tack%3Dother; b=2')).toEqual({
      level: 'advanced',
      tack: 'other',
      hoursPerDay: null,
      weightKg: null,
    });
    expect(passportFromCookies('gallop_rider=level%3Dexpert')).toBeNull();
    expect(passportFromCookies(undefined)).toBeNull();
  });
});

describe('contract passports', () => {
  it('converts both ways', () => {
    const passport = {
      level: 'strong-intermediate',
      tack: null,
      hoursPerDay: 4.5,
      weightKg: null,
    } as const;
    expect(toContractPassport(passport)).toEqual({
      level: 'strong-intermediate',
      tack: null,
      hours_per_day: 4.5,
      weight_kg: null,
    });
    expect(fromContractPassport(toContractPassport(passport))).toEqual(passport);
    expect(fromContractPassport(null)).toBeNull();
  });
});

describe('useRiderPassport', () => {
  it("gives a guest the cookie's passport once the page has hydrated", async () => {
    document.cookie = 'gallop_rider=level%3Dbeginner; path=/';
    await renderInApp(<Probe />);
    await waitFor(() =>
      expect(probe()).toEqual({
        ready: true,
        signedIn: false,
        passport: { level: 'beginner', tack: null, hoursPerDay: null, weightKg: null },
        companions: [],
        guestPassport: { level: 'beginner', tack: null, hoursPerDay: null, weightKg: null },
      }),
    );
  });

  it("gives a signed-in traveller the account's passports", async () => {
    const api = createFakeApiWithPosts({}, { ...fakeAnswers, '/spa/rider-passport': ACCOUNT });
    await renderInApp(<Probe />, { fetch: api.fetch, signedIn: true });
    await waitFor(() => expect(probe()).toMatchObject({ ready: true, signedIn: true }));
    expect(probe()).toMatchObject({
      passport: { level: 'advanced', tack: 'western', hoursPerDay: 6, weightKg: 88 },
      companions: [{ name: 'Ann', level: 'novice', weightKg: 55 }],
      guestPassport: null,
    });
  });

  it("never shows a guest the account's passports left in the cache by a sign-out", async () => {
    document.cookie = 'gallop_rider=level%3Dnovice; path=/';
    const { router, queryClient } = await renderInApp(<Probe />);
    await waitFor(() => expect(probe()).toMatchObject({ ready: true }));
    const { api } = router.options.context as { api: GallopClient<true> };
    const { queryKey } = getRiderPassportQueryOptions(api);
    act(() => queryClient.setQueryData(queryKey, ACCOUNT));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(probe()).toMatchObject({
      signedIn: false,
      passport: { level: 'novice', weightKg: null },
      companions: [],
    });
  });
});

describe('loadPassportHeader (a navigation to "fits me first")', () => {
  const contextOf = async (options: Parameters<typeof renderInApp>[1] = {}) => {
    const { router, queryClient } = await renderInApp(<p>page</p>, options);
    return { queryClient, api: (router.options.context as { api: GallopClient<true> }).api };
  };

  it("gives a guest's cookie passport as the header's text, nothing without one", async () => {
    const { queryClient, api } = await contextOf();
    expect(await loadPassportHeader(queryClient, api)).toBeUndefined();
    document.cookie = 'gallop_rider=level%3Dnovice%26hours%3D3%26weight%3D80; path=/';
    expect(await loadPassportHeader(queryClient, api)).toBe('level=novice&hours=3&weight=80');
  });

  it("loads a signed-in traveller's passports when not loaded yet, and prefers them", async () => {
    document.cookie = 'gallop_rider=level%3Dnovice; path=/';
    const fake = createFakeApiWithPosts({}, { ...fakeAnswers, '/spa/rider-passport': ACCOUNT });
    const { queryClient, api } = await contextOf({ fetch: fake.fetch, signedIn: true });
    expect(await loadPassportHeader(queryClient, api)).toBe(
      'level=advanced&tack=western&hours=6&weight=88',
    );
    expect(queryClient.getQueryData(getRiderPassportQueryOptions(api).queryKey)).toEqual(ACCOUNT);
  });

  it("falls back to the guest passport when the account has none, nothing when it can't load", async () => {
    document.cookie = 'gallop_rider=level%3Dnovice; path=/';
    const empty = createFakeApiWithPosts(
      {},
      { ...fakeAnswers, '/spa/rider-passport': { passport: null, companions: [] } },
    );
    const signedIn = await contextOf({ fetch: empty.fetch, signedIn: true });
    expect(await loadPassportHeader(signedIn.queryClient, signedIn.api)).toBe('level=novice');
    const down = await contextOf({
      fetch: () => Promise.reject(new TypeError('down')),
      signedIn: true,
    });
    expect(await loadPassportHeader(down.queryClient, down.api)).toBeUndefined();
  });
});
