/**
 * A 429 asks for a captcha that works (issue 43, finding 5): the challenge call hands out an
 * ALTCHA challenge, a solution sent with the refused call lets it through once and lifts the
 * limit, a replayed or forged one is refused, and repeated limits ask for `hard_captcha`.
 */
import { randomUUID } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp(
    { PUBLIC_WRITE_LIMIT: '2' },
    {
      // Quick to solve in Node; the levels still differ in work.
      captchaDifficulty: {
        captcha: { cost: 10, counter: [1, 50] },
        hard_captcha: { cost: 10, counter: [100, 200] },
      },
    },
  );
});
afterAll(() => testApp.close());

/** A different documentation-range address per test: files share one database on PostgreSQL. */
const visitor = () =>
  `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function helpRequest(ip: string, captcha?: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/spa/submit-help-request',
    remoteAddress: ip,
    headers: captcha ? { 'x-captcha': captcha } : {},
    payload: { email: `rider-${randomUUID()}@example.com`, message: 'Which horse suits me?' },
  });
  return {
    status: response.statusCode,
    body: expectContractResponse(response, 'submitHelpRequest') as Record<string, unknown>,
  };
}

/** Calls until the limit answers 429; the captcha it asks for. */
async function untilRefused(ip: string): Promise<unknown> {
  for (let n = 0; n < 10; n += 1) {
    const { status, body } = await helpRequest(ip);
    if (status === 429) return body.type;
  }
  throw new Error('never refused');
}

/** What the widget does: fetch a challenge, solve it, send back the payload (base64 JSON). */
async function solve(level: string): Promise<string> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/node-api/captcha/challenge?level=${level}`,
  });
  expect(response.headers['cache-control']).toBe('no-store');
  const challenge = expectContractResponse(response, 'getCaptchaChallenge') as Challenge;
  expect(challenge.parameters.data).toEqual({ level });
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('a solved captcha', () => {
  it('lets the refused call through once and lifts the limit; a replay is refused', async () => {
    const ip = visitor();
    expect(await untilRefused(ip)).toBe('captcha');
    const payload = await solve('captcha');

    expect((await helpRequest(ip, payload)).status).toBe(200);
    // A new window: the limit's second call goes through, the third is refused again.
    expect((await helpRequest(ip)).status).toBe(200);
    expect((await helpRequest(ip)).status).toBe(429);

    // The same solution again: used, so the same 429.
    const replay = await helpRequest(ip, payload);
    expect(replay.status).toBe(429);
    expect(replay.body).toMatchObject({ type: 'captcha' });
  });

  it('refuses a forged or tampered solution', async () => {
    const ip = visitor();
    await untilRefused(ip);
    const payload = JSON.parse(Buffer.from(await solve('captcha'), 'base64').toString()) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    // The derived key is the proof of work (the counter only says where it was found).
    const wrongAnswer = {
      ...payload,
      solution: { ...payload.solution, derivedKey: '00'.repeat(32) },
    };
    // Someone else's (unsigned) challenge with an easy prefix.
    const unsigned = {
      ...payload,
      challenge: { ...payload.challenge, signature: '00'.repeat(32) },
    };
    for (const forged of [wrongAnswer, unsigned, 'not base64 json', '']) {
      const header =
        typeof forged === 'string'
          ? forged
          : Buffer.from(JSON.stringify(forged)).toString('base64');
      expect((await helpRequest(ip, header || undefined)).status).toBe(429);
    }
  });

  it('asks for hard_captcha from the third block, which the plain captcha does not lift', async () => {
    const ip = visitor();
    expect(await untilRefused(ip)).toBe('captcha');
    expect((await helpRequest(ip, await solve('captcha'))).status).toBe(200);
    expect(await untilRefused(ip)).toBe('captcha');
    expect((await helpRequest(ip, await solve('captcha'))).status).toBe(200);
    expect(await untilRefused(ip)).toBe('hard_captcha');

    const easy = await helpRequest(ip, await solve('captcha'));
    expect(easy).toMatchObject({ status: 429, body: { type: 'hard_captcha' } });
    expect((await helpRequest(ip, await solve('hard_captcha'))).status).toBe(200);
  });
});
