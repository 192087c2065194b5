import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { outbox, users } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller } from '#src/testing/call.ts';
import { sendPasswordReset } from './mail.ts';
import { changePassword } from './profile.ts';
import { hashPassword } from './passwords.ts';
import { accountCalls } from './testing.ts';

let testApp: TestApp;
let db: Database;
let call: ReturnType<typeof contractCaller>;

beforeAll(async () => {
  testApp = await buildTestApp({ DEV_OUTBOX: 'on' });
  db = testApp.database.db;
  call = contractCaller(() => testApp.app);
});
afterAll(() => testApp.close());

const { call: callFrom, linkTokenTo } = accountCalls(() => testApp);

const PASSWORD = 'saddle-up-2026';
const NEW_PASSWORD = 'fresh-trail-1987';

/** An account of long ago (files share one database on PostgreSQL: a fresh address each). */
async function account({ confirmed = true, password = true } = {}) {
  const email = `changer-${randomUUID()}@example.com`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      firstName: 'Ann',
      lastName: 'Rider',
      passwordHash: password ? await hashPassword(PASSWORD) : null,
      emailConfirmedAt: confirmed ? new Date() : null,
    })
    .returning();
  return row!;
}

async function signIn(email: string): Promise<string> {
  const answer = await testApp.app.inject({
    method: 'POST',
    url: '/crm/api/user/auth',
    remoteAddress: `10.7.${randomInt(0, 256)}.${randomInt(1, 255)}`,
    payload: { login: email, password: PASSWORD },
  });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { token: string }).token;
}

const notices = (email: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'password-changed')))
    .orderBy(desc(outbox.id));

const change = (token: string, body: Record<string, string>) =>
  call('changePassword', 'POST', '/crm/api/user/change-password', {
    payload: { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD, ...body },
    token,
  });

describe('changing the password', () => {
  it('asks for the current password when it is left empty, and says a wrong one is wrong', async () => {
    const user = await account();
    const token = await signIn(user.email!);
    const empty = await change(token, {});
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ errors: { old_password: ['Required field'] } });
    const blank = await change(token, { old_password: '' });
    expect(blank.status).toBe(422);
    expect(blank.body).toMatchObject({ errors: { old_password: ['Required field'] } });
    const wrong = await change(token, { old_password: 'not-my-password' });
    expect(wrong.body).toMatchObject({ errors: { old_password: ['Wrong password'] } });
    expect(await notices(user.email!)).toEqual([]);
  });

  it("tells the account's address, by name once confirmed, with the way back in", async () => {
    const user = await account();
    const token = await signIn(user.email!);
    const changed = await change(token, { old_password: PASSWORD });
    expect(changed.status).toBe(200);
    const [notice, ...more] = await notices(user.email!);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      channel: 'email',
      subject: 'The password of your Gallop account was changed',
    });
    expect(notice!.body).toMatch(/^Hello Ann,/);
    expect(notice!.body).toContain('Every other device signed in to the account was signed out');
    expect(notice!.body).toContain('open the Gallop sign-in page');
    expect(notice!.body).toContain('Forgot your password?');
  });

  it('greets an unconfirmed address without the name typed at sign-up', async () => {
    const user = await account({ confirmed: false });
    await changePassword(
      db,
      { user, sessionId: 0 },
      { old_password: PASSWORD, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      () => undefined,
      'https://gallop.example',
    );
    const [notice] = await notices(user.email!);
    expect(notice!.body).toMatch(/^Hello,\n/);
    expect(notice!.body).not.toContain('Ann');
    expect(notice!.body).toContain('(https://gallop.example/login)');
  });

  it('sets a first password without the current one when the account has none', async () => {
    const user = await account({ password: false });
    await changePassword(
      db,
      { user, sessionId: 0 },
      { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      () => undefined,
    );
    expect(await notices(user.email!)).toHaveLength(1);
  });
});

describe('password reset links after a password is set (security walk, item 5)', () => {
  /** Two reset links of one account, as two "Forgot your password?" e-mails would bring. */
  async function twoResetLinks(email: string) {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const links: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      await sendPasswordReset(db, user!, 'https://gallop.example');
      links.push(await linkTokenTo(email, 'reset-password', 'password_reset_token'));
    }
    return links;
  }

  const reset = (token: string, password: string) =>
    callFrom('resetPassword', 'password-reset', { payload: { token, password } });
  const linkWorks = async (token: string) =>
    (
      await callFrom('checkPasswordResetToken', 'check-password-reset-token', {
        payload: { token },
      })
    ).status === 200;

  it('a reset with one link ends the others', async () => {
    const user = await account();
    const [first, second] = await twoResetLinks(user.email!);
    expect(await linkWorks(second!)).toBe(true);
    expect((await reset(first!, NEW_PASSWORD)).status).toBe(200);
    expect(await linkWorks(second!)).toBe(false);
    expect((await reset(second!, 'another-trail-4242')).status).toBe(410);
  });

  it('a password change ends the links sent before it', async () => {
    const user = await account();
    const [first, second] = await twoResetLinks(user.email!);
    const changed = await change(await signIn(user.email!), { old_password: PASSWORD });
    expect(changed.status).toBe(200);
    for (const link of [first!, second!]) {
      expect(await linkWorks(link)).toBe(false);
      expect((await reset(link, 'another-trail-4242')).status).toBe(410);
    }
  });

  it('lets one of two links used at once set the password', async () => {
    for (let round = 0; round < 8; round += 1) {
      const user = await account();
      const [first, second] = await twoResetLinks(user.email!);
      const answers = await Promise.all([
        reset(first!, 'first-trail-5151'),
        reset(second!, 'second-trail-6262'),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410]);
    }
  });
});

describe('guesses at the current password (security walk, item 6)', () => {
  it('answers 429 with a captcha after 10 wrong ones, from any number of addresses', async () => {
    const user = await account();
    const token = await signIn(user.email!);
    const statuses: number[] = [];
    for (let guess = 0; guess < 11; guess += 1) {
      const answer = await callFrom('changePassword', 'change-password', {
        payload: {
          old_password: `guess-${guess}`,
          password: NEW_PASSWORD,
          confirm_password: NEW_PASSWORD,
        },
        token,
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.body.type).toBe('captcha');
    }
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
