/**
 * One-time codes under simultaneous guesses (security issue, finding 1): every guess spends an
 * attempt before it is compared, so 40 guesses sent at once compare at most five. On PostgreSQL
 * (CI) the guesses really overlap.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, userCodes } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { CODE_MAX_ATTEMPTS } from './codes.ts';

let testApp: TestApp;

beforeAll(async () => {
  // The per-address limit would stop the guesses before the code's own count does.
  testApp = await buildTestApp({ AUTH_LIMIT: '100000' });
});
afterAll(() => testApp.close());

async function post(path: string, payload: object) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/crm/api/user/${path}`,
    payload,
  });
  return { status: response.statusCode, body: response.json() as { message: string } };
}

describe('guessing a one-time code', () => {
  it('compares at most five of 40 simultaneous guesses, even when the right one is among them', async () => {
    for (let round = 0; round < 3; round += 1) {
      const email = `guessed-${randomUUID()}@example.com`;
      await post('register', {
        first_name: 'Gus',
        last_name: 'Esser',
        email,
        password: 'long-trail-2026',
        confirm_password: 'long-trail-2026',
      });
      await post('send-auth-code', { login: email, code_sender: 'email' });
      const [message] = await testApp.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'sign-in-code')))
        .orderBy(desc(outbox.id))
        .limit(1);
      const code = message!.body.match(/\b(\d{5})\b/)![1]!;
      const wrong = Array.from({ length: 39 }, (_, i) =>
        String((Number(code) + 1 + i) % 100_000).padStart(5, '0'),
      );
      // The right code is sent last, as an attacker's 40th guess would be.
      const answers = await Promise.all(
        [...wrong, code].map((guess) => post('auth-via-code', { login: email, code: guess })),
      );
      const compared = answers.filter(
        (answer) => answer.status === 200 || answer.body.message === 'Invalid code',
      );
      expect(compared.length).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
      expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
      const [row] = await testApp.database.db
        .select()
        .from(userCodes)
        .where(eq(userCodes.login, email))
        .orderBy(desc(userCodes.id))
        .limit(1);
      expect(row!.attempts).toBe(CODE_MAX_ATTEMPTS);
    }
  });
});
