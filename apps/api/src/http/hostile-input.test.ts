/**
 * Hostile input where the contract's fuzzing does not reach (security probe 2026-12-06): routes
 * outside the contract, query secrets sent twice (arrays where strings are expected), prototype
 * keys and odd tokens. Every answer must be a 4xx or a success, never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
});
afterAll(() => testApp.close());

type Probe = {
  method: 'GET' | 'POST';
  url: string;
  payload?: string;
  headers?: Record<string, string | string[]>;
};

const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };

const probes: Probe[] = [
  { method: 'GET', url: '/crm/api/payment/sandbox/1?token=a&token=b' },
  { method: 'GET', url: '/crm/api/payment/sandbox/99999999999999999999?token=x' },
  {
    method: 'POST',
    url: '/crm/api/payment/sandbox/1',
    payload: 'token=a&token=b&card=1&card=2',
    headers: form,
  },
  {
    method: 'POST',
    url: '/crm/api/payment/sandbox/1',
    payload: '__proto__[x]=1&constructor[prototype][y]=2',
    headers: form,
  },
  { method: 'GET', url: '/crm/api/request/answer?token=a&token=b' },
  { method: 'GET', url: `/crm/api/request/answer?token=${'A'.repeat(5000)}.${'B'.repeat(43)}` },
  { method: 'GET', url: '/crm/api/request/answer?token=eyJhbnN3ZXIiOjF9.%00' },
  { method: 'GET', url: '/spa/contract-organizer-meet-data?key=a&key=b' },
  { method: 'GET', url: `/spa/contract-organizer-meet-data?key=${'\u{1F434}'.repeat(2000)}` },
  { method: 'GET', url: '/crm/api/request/get-by-uuid?uuid=a&uuid=b' },
  { method: 'GET', url: '/uploads/files/%00/%00' },
  { method: 'GET', url: `/uploads/files/${'x'.repeat(3000)}/a.pdf` },
  { method: 'GET', url: '/uploads/images/abc/..%2F..%2Fetc%2Fpasswd' },
  {
    method: 'GET',
    url: '/crm/api/user/profile',
    headers: { 'x-authorization': ['Bearer a', 'Bearer b'] },
  },
  {
    method: 'GET',
    url: '/crm/api/user/profile',
    headers: { 'x-authorization': `Bearer ${'\u00e9'.repeat(600)}` },
  },
  {
    method: 'POST',
    url: '/crm/api/user/auth',
    payload: '{"__proto__":{"admin":true},"login":"a@b.co","password":"x"}',
    headers: json,
  },
  {
    method: 'POST',
    url: '/crm/api/user/auth',
    payload: '{"login":["a@b.co"],"password":{"$gt":""}}',
    headers: json,
  },
  {
    method: 'POST',
    url: '/crm/api/user/auth',
    payload: '{"constructor":{"prototype":{"x":1}},"login":"a@b.co","password":"x"}',
    headers: json,
  },
  {
    method: 'POST',
    url: '/crm/api/user/password-reset',
    payload: '{"token":["a"],"password":"x"}',
    headers: json,
  },
  {
    method: 'POST',
    url: '/crm/api/user/confirm-email',
    payload: `{"token":"${'\\ud800'.repeat(100)}"}`,
    headers: json,
  },
  {
    method: 'POST',
    url: '/crm/api/user/password-recovery',
    payload: `{"email":"${'a'.repeat(70)}@${'\u0130'.repeat(200)}.com"}`,
    headers: json,
  },
  {
    method: 'POST',
    url: '/crm/api/user/send-auth-code',
    payload: '{"login":"+1 (415) 555-0134\\u0000","code_sender":"email"}',
    headers: json,
  },
  { method: 'POST', url: '/crm/api/user/auth', payload: '[1,2,3]', headers: json },
  { method: 'POST', url: '/crm/api/user/auth', payload: '"just a string"', headers: json },
  {
    method: 'POST',
    url: '/crm/api/user/auth',
    payload: `{"login":"${'a'.repeat(2_000_000)}","password":"x"}`,
    headers: json,
  },
  { method: 'GET', url: '/node-api/captcha/challenge?level=captcha&level=hard_captcha' },
  {
    method: 'POST',
    url: '/crm/api/user/auth',
    payload: '{"login":"a@b.co","password":"x"}',
    headers: { ...json, 'x-captcha': ['a', 'b'] },
  },
  {
    method: 'POST',
    url: '/crm/api/user/auth',
    payload: '{"login":"a@b.co","password":"x"}',
    headers: {
      ...json,
      'x-captcha': Buffer.from(
        '{"challenge":{"parameters":{"data":{"level":"captcha"}}}}',
      ).toString('base64'),
    },
  },
];

describe('hostile input', () => {
  it.each(probes.map((probe, i) => [i, probe.method, probe.url.slice(0, 80), probe] as const))(
    '#%i %s %s answers below 500 with JSON or a page',
    async (_i, _m, _u, probe) => {
      const response = await testApp.app.inject({
        method: probe.method,
        url: probe.url,
        headers: probe.headers ?? {},
        ...(probe.payload === undefined ? {} : { payload: probe.payload }),
      });
      expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
    },
  );
});
