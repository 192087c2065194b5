/**
 * One-time codes under simultaneous guesses (security issue, finding 1): every guess spends an
 * attempt before it is compared, so 40 guesses sent at once from one address compare at most five,
 * and from many addresses at most the code's 20. Each address has its own five (decision 209): a
 * stranger's wrong guesses leave the owner's code working. On PostgreSQL (CI) the guesses really
 * overlap.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, userCodes } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { CODE_ATTEMPTS_PER_ADDRESS, CODE_MAX_ATTEMPTS } from './codes.ts';

let testApp: TestApp;

beforeAll(async () => {
  // The per-address limit would stop the guesses before the code's own count does.
  // The code's own counts under test: the per-login count of failed sign-ins (a captcha) aside.
  testApp = await buildTestApp({ AUTH_LIMIT: '100000', AUTH_ACCOUNT_LIMIT: '100000' });
});
afterAll(() => testApp.close());

async function post(path: string, payload: object, remoteAddress = '127.0.0.1') {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/crm/api/user/${path}`,
    payload,
    remoteAddress,
  });
  return { status: response.statusCode, body: response.json() as { message: string } };
}

/** A new account's e-mail and the sign-in code just sent to it. */
async function sentCode() {
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
  return { email, code: message!.body.match(/\b(\d{5})\b/)![1]! };
}

/** `count` wrong guesses at `code`, the first `from` ahead of it. */
const wrongGuesses = (code: string, count: number, from = 1) =>
  Array.from({ length: count }, (_, i) =>
    String((Number(code) + from + i) % 100_000).padStart(5, '0'),
  );

const compared = (answers: { status: number; body: { message: string } }[]) =>
  answers.filter((answer) => answer.status === 200 || answer.body.message === 'Invalid code');

const attemptsOf = async (email: string) =>
  (
    await testApp.database.db
      .select()
      .from(userCodes)
      .where(eq(userCodes.login, email))
      .orderBy(desc(userCodes.id))
      .limit(1)
  )[0]!.attempts;

describe('guessing a one-time code', () => {
  it('compares at most five of 40 simultaneous guesses, even when the right one is among them', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { email, code } = await sentCode();
      // The right code is sent last, as an attacker's 40th guess would be.
      const answers = await Promise.all(
        [...wrongGuesses(code, 39), code].map((guess) =>
          post('auth-via-code', { login: email, code: guess }),
        ),
      );
      expect(compared(answers).length).toBeLessThanOrEqual(CODE_ATTEMPTS_PER_ADDRESS);
      expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
      expect(await attemptsOf(email)).toBe(CODE_ATTEMPTS_PER_ADDRESS);
    }
  });

  it("leaves the owner's code working after a stranger's wrong guesses from elsewhere", async () => {
    const { email, code } = await sentCode();
    for (const guess of wrongGuesses(code, CODE_ATTEMPTS_PER_ADDRESS + 2)) {
      await post('auth-via-code', { login: email, code: guess }, '203.0.113.9');
    }
    const owner = await post('auth-via-code', { login: email, code }, '198.51.100.7');
    expect(owner.status, owner.body.message).toBe(200);
  });

  it("compares at most the code's 20 of 80 guesses sent at once from 16 addresses", async () => {
    const { email, code } = await sentCode();
    const guesses = wrongGuesses(code, 80);
    const answers = await Promise.all(
      guesses.map((guess, i) =>
        post('auth-via-code', { login: email, code: guess }, `203.0.113.${1 + (i % 16)}`),
      ),
    );
    expect(answers.map((answer) => answer.status)).not.toContain(500);
    expect(compared(answers)).toHaveLength(CODE_MAX_ATTEMPTS);
    expect(await attemptsOf(email)).toBe(CODE_MAX_ATTEMPTS);
    // Spent: the right code from an address that has not guessed yet opens nothing.
    const late = await post('auth-via-code', { login: email, code }, '198.51.100.8');
    expect(late).toMatchObject({ status: 422 });
    expect(late.body.message).toMatch(/expired/);
  });

  it('meets the captcha past the failed sign-ins of the login, from however many addresses', async () => {
    const counted = await buildTestApp({ AUTH_LIMIT: '100000', AUTH_ACCOUNT_LIMIT: '5' });
    try {
      const guessAt = async (login: string, code: string, remoteAddress: string) => {
        const response = await counted.app.inject({
          method: 'POST',
          url: '/crm/api/user/auth-via-code',
          payload: { login, code },
          remoteAddress,
        });
        return { status: response.statusCode, body: response.json() as { message: string } };
      };
      const email = `spread-${randomUUID()}@example.com`;
      for (const [i, guess] of ['11111', '22222', '33333', '44444', '55555'].entries()) {
        const answer = await guessAt(email, guess, `192.0.2.${i + 1}`);
        expect(answer.status).toBe(422);
      }
      const sixth = await guessAt(email, '66666', '192.0.2.99');
      expect(sixth.status).toBe(429);
      expect(sixth.body).toMatchObject({ type: 'captcha' });
    } finally {
      await counted.close();
    }
  });
});
