/**
 * The limits count the visitor, not the web server in front of the API (issue 43, finding 2):
 * `X-Forwarded-For` is believed from `TRUSTED_PROXIES` only (the web server on loopback by
 * default), and password sign-in is limited per account as well as per address and login, and
 * per address whatever the logins (credential stuffing).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '#src/contract.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { signUp, TEST_PASSWORD } from '#src/testing/sign-up.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({
    PUBLIC_WRITE_LIMIT: '10',
    AUTH_LIMIT: '10',
    AUTH_ACCOUNT_LIMIT: '20',
    AUTH_ADDRESS_LIMIT: '30',
  });
});
afterAll(() => testApp.close());

/** The web server on the same machine, as the API sees it. */
const WEB_SERVER = '127.0.0.1';
/** A peer that is no proxy of ours. */
const STRANGER = '203.0.113.9';

/** A different documentation-range address per run: files share one database on PostgreSQL. */
const runPrefix = `198.51.${Math.floor(Math.random() * 250)}`;

async function call(
  operationId: OperationId,
  url: string,
  payload: object,
  { peer, forwardedFor }: { peer: string; forwardedFor?: string },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await testApp.app.inject({
    method: 'POST',
    url,
    remoteAddress: peer,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload,
  });
  return {
    status: response.statusCode,
    body: expectContractResponse(response, operationId) as Record<string, unknown>,
  };
}

const helpRequest = (via: { peer: string; forwardedFor?: string }) =>
  call(
    'submitHelpRequest',
    '/spa/submit-help-request',
    { email: `rider-${randomUUID()}@example.com`, message: 'Which horse suits a beginner?' },
    via,
  );

const signIn = (login: string, via: { peer: string; forwardedFor?: string }) =>
  call('login', '/crm/api/user/auth', { login, password: 'not-the-password' }, via);

describe('the address the limits count', () => {
  it('is the visitor behind the web server: visitors do not share one limit', async () => {
    const statuses: number[] = [];
    for (let visitor = 1; visitor <= 11; visitor += 1) {
      const answer = await helpRequest({
        peer: WEB_SERVER,
        forwardedFor: `${runPrefix}.${visitor}`,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual(Array(11).fill(200));

    // One visitor going over the limit is stopped, and only that one.
    const busy = `${runPrefix}.100`;
    const busyStatuses: number[] = [];
    for (let n = 0; n < 11; n += 1) {
      busyStatuses.push((await helpRequest({ peer: WEB_SERVER, forwardedFor: busy })).status);
    }
    expect(busyStatuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(busyStatuses[10]).toBe(429);
    expect((await helpRequest({ peer: WEB_SERVER, forwardedFor: `${runPrefix}.101` })).status).toBe(
      200,
    );
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const statuses: number[] = [];
    let last: Record<string, unknown> = {};
    for (let n = 1; n <= 11; n += 1) {
      // A new made-up address each time: believed, it would dodge the limit.
      const answer = await helpRequest({ peer: STRANGER, forwardedFor: `${runPrefix}.${200 + n}` });
      statuses.push(answer.status);
      last = answer.body;
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    expect(last).toMatchObject({ type: 'captcha' });
  });

  it('counts sign-ins per visitor address, not per web server', async () => {
    const login = `rider-${randomUUID()}@example.com`;
    // Eleven visitors typing a wrong password once each: nobody is asked for a captcha.
    for (let visitor = 1; visitor <= 11; visitor += 1) {
      const answer = await signIn(login, {
        peer: WEB_SERVER,
        forwardedFor: `${runPrefix}.${visitor}`,
      });
      expect(answer.status).toBe(401);
    }
  });
});

describe('password sign-in per account', () => {
  it('asks for a captcha after AUTH_ACCOUNT_LIMIT failures from any number of addresses', async () => {
    const login = `Rider-${randomUUID()}@Example.com`;
    const statuses: number[] = [];
    let last: Record<string, unknown> = {};
    for (let n = 0; n < 21; n += 1) {
      // Two tries per address (under AUTH_LIMIT), the login typed in varying case.
      const typed = n % 2 === 0 ? login : ` ${login.toLowerCase()} `;
      const answer = await signIn(typed, {
        peer: WEB_SERVER,
        forwardedFor: `${runPrefix}.${Math.floor(n / 2) + 1}`,
      });
      statuses.push(answer.status);
      last = answer.body;
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
    expect(last).toMatchObject({ type: 'captcha' });
    // A fresh address gets the captcha too; other accounts are not affected.
    expect(
      (await signIn(login, { peer: WEB_SERVER, forwardedFor: `${runPrefix}.250` })).status,
    ).toBe(429);
    expect(
      (
        await signIn(`rider-${randomUUID()}@example.com`, {
          peer: WEB_SERVER,
          forwardedFor: `${runPrefix}.250`,
        })
      ).status,
    ).toBe(401);
  });
});

describe('password sign-in per address', () => {
  const someLogin = () => `rider-${randomUUID()}@example.com`;

  it('asks one address for a captcha after AUTH_ADDRESS_LIMIT failures, whatever the logins', async () => {
    const stuffer = { peer: WEB_SERVER, forwardedFor: `${runPrefix}.201` };
    const statuses: number[] = [];
    for (let n = 0; n < 30; n += 1) statuses.push((await signIn(someLogin(), stuffer)).status);
    expect(statuses).toEqual(Array(30).fill(401));
    const over = await signIn(someLogin(), stuffer);
    expect(over).toMatchObject({ status: 429, body: { type: 'captcha' } });
    // Another visitor is not affected.
    expect(
      (await signIn(someLogin(), { peer: WEB_SERVER, forwardedFor: `${runPrefix}.202` })).status,
    ).toBe(401);
  });

  it('gives a right password back, so a busy shared address is not refused', async () => {
    const office = { peer: WEB_SERVER, forwardedFor: `${runPrefix}.203` };
    const { email } = await signUp(testApp.app);
    for (let n = 0; n < 29; n += 1) expect((await signIn(someLogin(), office)).status).toBe(401);
    for (let n = 0; n < 5; n += 1) {
      const right = await call(
        'login',
        '/crm/api/user/auth',
        { login: email, password: TEST_PASSWORD },
        office,
      );
      expect(right.status).toBe(200);
    }
    // 29 failures and 5 sign-ins: the 30th failure is still only a wrong password.
    expect((await signIn(someLogin(), office)).status).toBe(401);
    expect((await signIn(someLogin(), office)).status).toBe(429);
  });
});
