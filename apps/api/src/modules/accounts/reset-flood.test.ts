/**
 * The memory-hard hash per request. Password reset with made-up tokens (security issue, finding
 * 3): the token is checked before the hash, and the call is limited per address, so a flood costs
 * lookups, not hashes. Registration (issue 43, finding 11): a taken address costs the same hash
 * as a new one, so the time of the answer does not tell them apart either.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import type * as Passwords from './passwords.ts';

const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('./passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return {
    ...original,
    hashPassword: async (...args: Parameters<typeof original.hashPassword>) => {
      hashes.count += 1;
      return original.hashPassword(...args);
    },
  };
});

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ AUTH_LIMIT: '10' });
});
afterAll(() => testApp.close());

describe('resetting a password with made-up tokens', () => {
  it('hashes nothing for an unknown token, and limits the address', async () => {
    const before = hashes.count;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        testApp.app.inject({
          method: 'POST',
          url: '/crm/api/user/password-reset',
          payload: {
            token: `made-up-token-${i}-xxxxxxxxxxxxxxxxxxxx`,
            password: 'long-trail-2026',
          },
        }),
      ),
    );
    expect(hashes.count - before).toBe(0);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 410)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    expect(answers.find((answer) => answer.statusCode === 429)!.json()).toMatchObject({
      type: 'captcha',
    });
  });
});

describe('registering a taken address and a new one', () => {
  it('hashes the password once either way', async () => {
    const fresh = `new-${randomUUID()}@example.com`;
    // An account of long ago: registering it here would open its address's resend window
    // (decision 140), and the second registration would be refused before any hash.
    const taken = `taken-${randomUUID()}@example.com`;
    await testApp.database.db
      .insert(users)
      .values({ email: taken, firstName: 'Ann', lastName: 'Rider', passwordHash: 'x' });
    const register = (email: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/crm/api/user/register',
        remoteAddress: '10.4.0.1',
        payload: {
          first_name: 'Ann',
          last_name: 'Rider',
          email,
          password: 'long-trail-2026',
          confirm_password: 'long-trail-2026',
        },
      });
    for (const [kind, email] of [
      ['new', fresh],
      ['taken', taken],
    ] as const) {
      const before = hashes.count;
      const answer = await register(email);
      expect({ kind, status: answer.statusCode, body: answer.json() }).toEqual({
        kind,
        status: 200,
        body: { result: true },
      });
      expect(hashes.count - before, kind).toBe(1);
    }
  });
});
