/**
 * Search is rate-limited per visitor address like the API's other public calls: over the limit
 * every search call answers 429 `captcha` (cached answers included), other visitors go on, and a
 * solved captcha lets the refused search through.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '#src/contract.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { TOO_MANY_SEARCHES } from './search-limit.ts';

const LIMIT = 4;
let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp(
    { SEARCH_LIMIT: String(LIMIT) },
    {
      captchaDifficulty: {
        captcha: { cost: 10, counter: [1, 50] },
        hard_captcha: { cost: 10, counter: [100, 200] },
      },
    },
  );
});
afterAll(() => testApp.close());

/** The web server on the same machine, as the API sees it. */
const WEB_SERVER = '127.0.0.1';
/** A different documentation-range address per test: files share one database on PostgreSQL. */
const visitor = () =>
  `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function get(
  operationId: OperationId,
  url: string,
  from: string,
  headers: Record<string, string> = {},
) {
  const response = await testApp.app.inject({
    method: 'GET',
    url,
    remoteAddress: WEB_SERVER,
    headers: { 'x-forwarded-for': from, ...headers },
  });
  return {
    status: response.statusCode,
    body: expectContractResponse(response, operationId) as Record<string, unknown>,
  };
}

async function solve(): Promise<string> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/node-api/captcha/challenge?level=captcha',
  });
  const challenge = expectContractResponse(response, 'getCaptchaChallenge') as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('the search limit', () => {
  it('answers 429 captcha past the limit, for the same (cached) search too', async () => {
    const rider = visitor();
    const statuses: number[] = [];
    for (let n = 0; n <= LIMIT; n += 1) {
      statuses.push((await get('listTours', '/spa/tours?countries=101', rider)).status);
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429]);
    const refused = await get('listTours', '/spa/tours?countries=101', rider);
    expect(refused).toEqual({
      status: 429,
      body: { message: TOO_MANY_SEARCHES, type: 'captcha' },
    });
    // Another visitor behind the same web server searches on.
    expect((await get('listTours', '/spa/tours?countries=101', visitor())).status).toBe(200);
  });

  it('counts every search call of a visitor together', async () => {
    const rider = visitor();
    const calls: [OperationId, string][] = [
      ['listTours', '/spa/tours'],
      ['getToursFilterCompletion', '/spa/tours-filter-completion?phrase=ice'],
      ['searchCities', '/spa/cities-by-query?query=rey'],
      ['listTours', '/spa/tours?page=2'],
    ];
    for (const [operationId, url] of calls) {
      expect((await get(operationId, url, rider)).status, url).toBe(200);
    }
    for (const [operationId, url] of calls) {
      const { status, body } = await get(operationId, url, rider);
      expect(status, url).toBe(429);
      expect(body['type']).toBe('captcha');
    }
  });

  it('lets a refused search through with a solved captcha', async () => {
    const rider = visitor();
    for (let n = 0; n < LIMIT; n += 1) await get('listTours', '/spa/tours', rider);
    expect((await get('listTours', '/spa/tours', rider)).status).toBe(429);
    const solved = await get('listTours', '/spa/tours', rider, { 'x-captcha': await solve() });
    expect(solved.status).toBe(200);
  });
});
