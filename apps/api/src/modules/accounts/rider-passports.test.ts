import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '#src/testing/call.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { signUp } from '#src/testing/sign-up.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

async function passports(token: string | undefined, payload?: object) {
  const response = await testApp.app.inject({
    method: payload ? 'POST' : 'GET',
    url: '/spa/rider-passport',
    headers: token ? { 'x-authorization': `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    body: expectContractResponse(
      response,
      payload ? 'saveRiderPassport' : 'getRiderPassport',
    ) as Json,
  };
}

describe('the rider passport of an account', () => {
  it('is empty until saved, then answers what was kept, rounded as the passport rounds', async () => {
    const { token } = await signUp(testApp.app);
    expect(await passports(token)).toEqual({
      status: 200,
      body: { passport: null, companions: [] },
    });
    const saved = await passports(token, {
      // 200 lb as the web sends it, and a weight typed with more decimals than a scale gives.
      passport: { level: 'intermediate', tack: 'western', hours_per_day: 3.3, weight_kg: 90.7 },
      companions: [
        { name: '  Sam ', level: 'novice', tack: null, hours_per_day: null, weight_kg: 41.04 },
      ],
    });
    const kept = {
      passport: { level: 'intermediate', tack: 'western', hours_per_day: 3.5, weight_kg: 90.7 },
      companions: [
        { name: 'Sam', level: 'novice', tack: null, hours_per_day: null, weight_kg: 41 },
      ],
    };
    expect(saved).toEqual({ status: 200, body: kept });
    expect(await passports(token)).toEqual({ status: 200, body: kept });
    // Saving again replaces both.
    const cleared = await passports(token, { passport: null, companions: [] });
    expect(cleared.body).toEqual({ passport: null, companions: [] });
  });

  it("is the account's own: another account and a guest read nothing of it", async () => {
    const owner = await signUp(testApp.app);
    await passports(owner.token, {
      passport: { level: 'advanced', weight_kg: 95 },
      companions: [],
    });
    const other = await signUp(testApp.app);
    expect((await passports(other.token)).body).toEqual({ passport: null, companions: [] });
    expect((await passports(undefined)).status).toBe(401);
  });

  it('refuses what is not a passport with 422 or 400, and keeps the one saved', async () => {
    const { token } = await signUp(testApp.app);
    const good = { passport: { level: 'novice' }, companions: [] };
    await passports(token, good);
    for (const bad of [
      { passport: { level: 'expert' }, companions: [] },
      { passport: { level: 'novice', weight_kg: 400 }, companions: [] },
      // Above what a booking form takes: a passport always fills a booking it fits.
      { passport: { level: 'novice', weight_kg: 201 }, companions: [] },
      { passport: { level: 'novice', hours_per_day: 0 }, companions: [] },
      { passport: null, companions: [{ name: ' ', level: 'novice' }] },
      { passport: null },
    ]) {
      const { status, body } = await passports(token, bad);
      expect([400, 422]).toContain(status);
      expect(typeof body.message).toBe('string');
    }
    expect((await passports(token)).body.passport).toMatchObject({ level: 'novice' });
  });
});
