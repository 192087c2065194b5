/**
 * Answers that tell no one who has an account (docs/security.md, "No account enumeration";
 * security walk 2026-12-06, item 3): a wrong sign-in code, the field checks of a code
 * registration, and a phone or e-mail another account has, answered alike for a known login and
 * an unknown one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { signUp } from '#src/testing/sign-up.ts';
import { CODE_MAX_ATTEMPTS } from './codes.ts';
import { accountCalls, uniqueEmail, uniquePhone, type Answer } from './testing.ts';

let testApp: TestApp;

beforeAll(async () => {
  // The code's own counts under test: the per-login count of failed sign-ins (a captcha) aside.
  testApp = await buildTestApp({ AUTH_LIMIT: '100000', AUTH_ACCOUNT_LIMIT: '100000' });
});
afterAll(() => testApp.close());

const { call, codeTo } = accountCalls(() => testApp);
const db = () => testApp.database.db;

const answered = ({ status, body }: Answer) => ({ status, body });

/** A known login: an account whose address is the login. */
const knownEmail = async () => (await signUp(testApp.app)).email;

/** An account that confirmed `phone`. */
async function phoneOwner(phone = uniquePhone()) {
  const { email } = await signUp(testApp.app);
  await db()
    .update(users)
    .set({ phone, phoneConfirmedAt: new Date() })
    .where(eq(users.email, email));
  return { email, phone };
}

const wrongGuess = (code: string) => (code === '00000' ? '11111' : '00000');

describe('a wrong sign-in code', () => {
  it('is answered alike for a known login and an unknown one, also once the attempts are spent', async () => {
    const known = await knownEmail();
    const unknown = uniqueEmail('nobody');
    for (const login of [known, unknown]) {
      const sent = await call('sendAuthCode', 'send-auth-code', {
        payload: { login, code_sender: 'email' },
      });
      expect(sent.status).toBe(200);
    }
    const guess = wrongGuess(await codeTo(known));
    const guesses = async (login: string) => {
      const answers: ReturnType<typeof answered>[] = [];
      for (let attempt = 0; attempt <= CODE_MAX_ATTEMPTS; attempt += 1) {
        answers.push(
          answered(
            await call('loginViaCode', 'auth-via-code', { payload: { login, code: guess } }),
          ),
        );
      }
      return answers;
    };
    const fromKnown = await guesses(known);
    expect(fromKnown[0]).toMatchObject({ status: 422, body: { message: 'Invalid code' } });
    expect(fromKnown.at(-1)!.body.message).toMatch(/expired/);
    expect(await guesses(unknown)).toEqual(fromKnown);
  });
});

describe('a code registration', () => {
  const register = (payload: Record<string, unknown>) =>
    call('registerWithoutPassword', 'register-without-password', {
      payload: { code_sender: 'email', ...payload },
    });

  it.each([
    ['a blank first name', { first_name: ' ' }],
    ['an unknown country', { first_name: 'Ann', country_id: 2_000_000_000 }],
    ['an unknown time zone', { first_name: 'Ann', timezone: 'Mars/Olympus' }],
  ])('refuses %s for a known address as for a new one', async (_, fields) => {
    const known = await register({ ...fields, email: await knownEmail() });
    const unknown = await register({ ...fields, email: uniqueEmail('nobody') });
    expect(known.status).toBe(422);
    expect(answered(known)).toEqual(answered(unknown));
  });

  it('answers a phone another account confirmed as a free one, and leaves it out of the new account', async () => {
    const { phone } = await phoneOwner();
    const withTaken = uniqueEmail('probe');
    const taken = await register({ first_name: 'Probe', email: withTaken, phone });
    const free = await register({
      first_name: 'Probe',
      email: uniqueEmail(),
      phone: uniquePhone(),
    });
    expect(answered(taken)).toEqual({ status: 200, body: { result: true, code_sender: 'email' } });
    expect(answered(free)).toEqual(answered(taken));
    const [created] = await db().select().from(users).where(eq(users.email, withTaken));
    expect(created!.phone).toBeNull();
  });

  it('answers an e-mail another account has as a free one when the code goes to the phone', async () => {
    const email = await knownEmail();
    const phone = uniquePhone();
    const taken = await register({ first_name: 'Probe', email, phone, code_sender: 'sms' });
    const free = await register({
      first_name: 'Probe',
      email: uniqueEmail(),
      phone: uniquePhone(),
      code_sender: 'sms',
    });
    expect(answered(taken)).toEqual({ status: 200, body: { result: true, code_sender: 'sms' } });
    expect(answered(free)).toEqual(answered(taken));
    const [created] = await db().select().from(users).where(eq(users.phone, phone));
    expect(created!.email).toBeNull();
  });
});
