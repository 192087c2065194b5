/**
 * Pen test 2026-12-06, findings 2 to 4 (decision 140): sign-ups per address, what accounts mail
 * to one address (a resend window per call, a cap an hour, from every address together), the
 * name left out of mail to unconfirmed addresses, and an e-mail change that answers a taken
 * address as a free one and tells the previous address once the account moved (decision 141).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { outbox, users } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { TEST_PASSWORD } from '#src/testing/sign-up.ts';
import { MAILS_PER_RECIPIENT } from './mail-limits.ts';

let testApp: TestApp;
let db: Database;

beforeAll(async () => {
  testApp = await buildTestApp();
  db = testApp.database.db;
});
afterAll(() => testApp.close());

const uniqueEmail = () => `limits-${randomUUID()}@example.com`;
/** A client address of its own, so the per-address limits of one test never meet another's. */
const freshIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

async function post(
  operationId: OperationId,
  path: string,
  payload: object | undefined,
  { ip = freshIp(), token }: { ip?: string; token?: string } = {},
): Promise<{ status: number; body: Json }> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/crm/api/user/${path}`,
    remoteAddress: ip,
    headers: token ? { 'x-authorization': `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    body: expectContractResponse(response, operationId) as Json,
  };
}

const registration = (email: string, firstName = 'Maya') => ({
  first_name: firstName,
  last_name: 'Hart',
  email,
  password: TEST_PASSWORD,
  confirm_password: TEST_PASSWORD,
});

/** Every message queued to `recipient`, oldest first. */
const messagesTo = (recipient: string) =>
  db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(asc(outbox.id));

/** An account with `email`, made in the database (no mail, no limit counted). */
async function account(email: string, { confirmed = true, firstName = 'Ana' } = {}) {
  const [row] = await db
    .insert(users)
    .values({
      email,
      firstName,
      lastName: 'Lopes',
      emailConfirmedAt: confirmed ? new Date() : null,
    })
    .returning();
  return row!;
}

/** Signs `email` in with its password (the account registered through the API). */
async function signIn(email: string, password = TEST_PASSWORD): Promise<string> {
  const answer = await post('login', 'auth', { login: email, password });
  expect(answer.status).toBe(200);
  return answer.body.token as string;
}

/** Status and body of each answer, without the order they arrived in. */
const outcomes = (answers: { status: number; body: Json }[]) =>
  answers.map((answer) => JSON.stringify([answer.status, answer.body])).sort();

describe('sign-ups per client address (finding 2)', () => {
  it('answers 429 captcha past 10 sign-ups an hour from one address; another address signs up', async () => {
    const ip = freshIp();
    const emails = Array.from({ length: 25 }, uniqueEmail);
    const answers = [];
    for (const email of emails) {
      answers.push(await post('register', 'register', registration(email), { ip }));
    }
    expect(answers.slice(0, 10).every((answer) => answer.status === 200)).toBe(true);
    for (const refused of answers.slice(10)) {
      expect(refused.status).toBe(429);
      expect(['captcha', 'hard_captcha']).toContain(refused.body.type);
      expect(refused.body.message).toMatch(/accounts were registered from your address/);
    }
    // Refused sign-ups made no account and sent nothing.
    const [last] = await db.select().from(users).where(eq(users.email, emails[24]!));
    expect(last).toBeUndefined();
    expect(await messagesTo(emails[24]!)).toHaveLength(0);
    const elsewhere = await post('register', 'register', registration(uniqueEmail()));
    expect(elsewhere.status).toBe(200);
  });

  it('counts code registrations too', async () => {
    const ip = freshIp();
    const statuses = [];
    for (let n = 0; n < 11; n += 1) {
      const answer = await post(
        'registerWithoutPassword',
        'register-without-password',
        { first_name: 'Sam', email: uniqueEmail(), code_sender: 'email' },
        { ip },
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
  });
});

describe('the name in mail to an address nobody confirmed (finding 2)', () => {
  const spam = 'Hello your refund of $950 is ready: claim at https://refunds.example';

  it('greets neutrally in the confirmation of a new registration', async () => {
    const email = uniqueEmail();
    expect((await post('register', 'register', registration(email, spam))).status).toBe(200);
    const [confirm] = await messagesTo(email);
    expect(confirm!.kind).toBe('confirm-email');
    expect(confirm!.body).not.toContain('refund');
    expect(confirm!.body).not.toContain('refunds.example');
    expect(confirm!.body.startsWith('Hello,')).toBe(true);
  });

  it('greets neutrally when an unconfirmed account is registered again, by name once confirmed', async () => {
    const unconfirmed = await account(uniqueEmail(), { confirmed: false, firstName: spam });
    expect((await post('register', 'register', registration(unconfirmed.email!))).status).toBe(200);
    const [attempt] = await messagesTo(unconfirmed.email!);
    expect(attempt!.kind).toBe('register-attempt');
    expect(attempt!.body).not.toContain('refunds.example');
    const confirmed = await account(uniqueEmail(), { firstName: 'Ana' });
    await post('register', 'register', registration(confirmed.email!));
    const [greeted] = await messagesTo(confirmed.email!);
    expect(greeted!.body.startsWith('Hello Ana,')).toBe(true);
  });
});

describe('messages to one address (finding 3)', () => {
  it('sends one sign-in code of 10 asked for at once, for a known login and an unknown one alike', async () => {
    const known = (await account(uniqueEmail())).email!;
    const unknown = uniqueEmail();
    const burst = (login: string, ip: string) =>
      Promise.all(
        Array.from({ length: 10 }, () =>
          post('sendAuthCode', 'send-auth-code', { login, code_sender: 'email' }, { ip }),
        ),
      );
    const [toKnown, toUnknown] = await Promise.all([
      burst(known, freshIp()),
      burst(unknown, freshIp()),
    ]);
    expect(outcomes(toKnown)).toEqual(outcomes(toUnknown));
    expect(toKnown.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const refused of toKnown.filter((answer) => answer.status !== 200)) {
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/less than 60 seconds ago/);
      expect(['captcha', 'hard_captcha']).toContain(refused.body.type);
    }
    expect(await messagesTo(known)).toHaveLength(1);
    expect(await messagesTo(unknown)).toHaveLength(0);
  });

  it('sends one sign-in code of 40 asked for from 40 addresses', async () => {
    const known = (await account(uniqueEmail())).email!;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        post('sendAuthCode', 'send-auth-code', { login: known, code_sender: 'email' }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.every((answer) => [200, 429].includes(answer.status))).toBe(true);
    expect(await messagesTo(known)).toHaveLength(1);
  });

  it('sends one reset link and one "someone tried to register" notice per minute, from any address', async () => {
    const known = (await account(uniqueEmail())).email!;
    const unknown = uniqueEmail();
    const resets = async (email: string) =>
      Promise.all(
        Array.from({ length: 5 }, () => post('recoverPassword', 'password-recovery', { email })),
      );
    const [toKnown, toUnknown] = await Promise.all([resets(known), resets(unknown)]);
    expect(outcomes(toKnown)).toEqual(outcomes(toUnknown));
    expect(toKnown.filter((answer) => answer.status === 200)).toHaveLength(1);
    const registers = [];
    for (let n = 0; n < 3; n += 1) {
      registers.push(await post('register', 'register', registration(known)));
    }
    expect(registers.map((answer) => answer.status)).toEqual([200, 429, 429]);
    expect((await messagesTo(known)).map((message) => message.kind)).toEqual([
      'reset-password',
      'register-attempt',
    ]);
    expect(await messagesTo(unknown)).toHaveLength(0);
  });

  it(`caps an address at ${MAILS_PER_RECIPIENT} account messages an hour, whichever calls ask`, async () => {
    const email = uniqueEmail();
    // 1: the registration's confirmation.
    expect((await post('register', 'register', registration(email))).status).toBe(200);
    const token = await signIn(email);
    const calls = [
      () => post('sendAuthCode', 'send-auth-code', { login: email, code_sender: 'email' }),
      () => post('recoverPassword', 'password-recovery', { email }),
      () =>
        post('registerWithoutPassword', 'register-without-password', {
          first_name: 'Sam',
          email,
          code_sender: 'email',
        }),
      () => post('requestEmailConfirmation', 'email-confirmation-request', undefined, { token }),
    ];
    for (const send of calls) expect((await send()).status).toBe(200);
    expect(await messagesTo(email)).toHaveLength(MAILS_PER_RECIPIENT);
    // A sixth message, by a call whose own window is open, meets the hourly cap.
    const other = uniqueEmail();
    expect((await post('register', 'register', registration(other))).status).toBe(200);
    const sixth = await post(
      'changeEmail',
      'change-email',
      { email, password: TEST_PASSWORD },
      { token: await signIn(other) },
    );
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe(
      'Too many messages were sent to this address. Please try again in an hour.',
    );
    expect(await messagesTo(email)).toHaveLength(MAILS_PER_RECIPIENT);
  });
});

describe('changing the e-mail (finding 4)', () => {
  async function registered() {
    const email = uniqueEmail();
    expect((await post('register', 'register', registration(email))).status).toBe(200);
    return { email, token: await signIn(email) };
  }

  it('answers a taken address as a free one; only the taken inbox is told, nothing changes', async () => {
    const taken = (await account(uniqueEmail())).email!;
    const free = uniqueEmail();
    const first = await registered();
    const second = await registered();
    const change = (email: string, token: string) =>
      post('changeEmail', 'change-email', { email, password: TEST_PASSWORD }, { token });
    const toTaken = await change(taken, first.token);
    const toFree = await change(free, second.token);
    expect(toTaken.status).toBe(200);
    expect(toFree.status).toBe(200);
    // The same answer but for the account's own fields: its address, and the one waiting. A
    // later read of the profile answers alike (decision 141).
    const shape = (body: Json) => ({ ...body, id: 0, email: '', pending_email: '' });
    expect(shape(toTaken.body)).toEqual(shape(toFree.body));
    expect(toTaken.body).toMatchObject({ email: first.email, pending_email: taken });
    expect(toFree.body).toMatchObject({ email: second.email, pending_email: free });
    const read = async (token: string) => {
      const response = await testApp.app.inject({
        url: '/crm/api/user/profile',
        headers: { 'x-authorization': `Bearer ${token}` },
      });
      return shape(expectContractResponse(response, 'getProfile') as Json);
    };
    expect(await read(first.token)).toEqual(await read(second.token));
    // The taken address is told; the account kept its own address.
    expect((await messagesTo(taken)).map((message) => message.kind)).toEqual(['email-taken']);
    const [kept] = await db
      .select()
      .from(users)
      .where(eq(users.id, toTaken.body.id as number));
    expect(kept!.email).toBe(first.email);
    expect(
      (await messagesTo(first.email)).filter((message) => message.kind === 'email-changed'),
    ).toHaveLength(0);
  });

  it('sends the link to a free address and tells the previous one once the account moved', async () => {
    const { email: previous, token } = await registered();
    const next = uniqueEmail();
    const answer = await post(
      'changeEmail',
      'change-email',
      { email: next, password: TEST_PASSWORD },
      { token },
    );
    expect(answer.status).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.email, previous));
    expect(row!.pendingEmail).toBe(next);
    const sent = await messagesTo(next);
    expect(sent.map((message) => message.kind)).toEqual(['confirm-email']);
    const link = new URL(/https?:\/\/\S+/.exec(sent[0]!.body)![0]).searchParams.get('token')!;
    // Opened signed out, the change's link asks the account's password (decision 151).
    const moved = await post('confirmEmail', 'confirm-email', {
      token: link,
      password: TEST_PASSWORD,
    });
    expect(moved.status).toBe(200);
    const [notice] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, previous), eq(outbox.kind, 'email-changed')));
    expect(notice!.body).toContain(`${next[0]}***@example.com`);
    expect(notice!.body).not.toContain(next);
  });
});
