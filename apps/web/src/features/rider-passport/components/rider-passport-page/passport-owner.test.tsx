import { getRiderPassportQueryOptions } from '@gallop/api-client/query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeAnswers } from '../../../../lib/testing/fake-api';
import { createFakeApiWithPosts } from '../../../../lib/testing/fake-api-posts';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { RouterContext } from '../../../../router';
import { RiderPassportPage } from './rider-passport-page';

// Probe 2026-12-07: a traveller's passport page open in one tab, signed out in another tab of a
// shared computer. The header said "Sign in", but the form kept the account's weight and its
// companions' (it took them once, when it opened), for the next person at the computer to read,
// and its Save would have kept them on the device as the guest's passport.

const PATH = '/spa/rider-passport';
const ACCOUNT = {
  passport: { level: 'novice', tack: null, hours_per_day: 3, weight_kg: 77 },
  companions: [
    { name: 'Kid Rider', level: 'beginner', tack: null, hours_per_day: 2, weight_kg: 41 },
  ],
};

afterEach(() => {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});

/** The traveller's own weight field (each companion has one too). */
const weightField = () =>
  within(screen.getByRole('heading', { name: 'Your passport' }).closest('section')!).getByLabelText(
    'Weight with clothing, kg',
  ) as HTMLInputElement;

describe('RiderPassportPage when the account leaves the tab', () => {
  it("shows none of the account's passports once signed out", async () => {
    const api = createFakeApiWithPosts(
      { [PATH]: { status: 200, body: ACCOUNT } },
      { ...fakeAnswers, [PATH]: ACCOUNT },
    );
    const { router, queryClient } = await renderInApp(<RiderPassportPage />, {
      fetch: api.fetch,
      signedIn: true,
    });
    await screen.findByRole('heading', { name: 'Companions' });
    await waitFor(() => expect(weightField().value).toBe('77'));
    expect(screen.getByDisplayValue('Kid Rider')).toBeTruthy();

    // What a sign-out in this tab or another does (`forgetAccount`, `SessionEffects`).
    const client = (router.options.context as RouterContext).api;
    await client.tokenStore.clear();
    queryClient.removeQueries({ queryKey: getRiderPassportQueryOptions(client).queryKey });
    await router.invalidate();

    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Companions' })).toBeNull());
    expect(weightField().value).toBe('');
    expect(screen.queryByDisplayValue('Kid Rider')).toBeNull();
    expect(screen.queryByDisplayValue('77')).toBeNull();
  });
});
