/**
 * The account's password: changing it, the reset links around it (and around a move to another
 * address, decision 172), and the guesses a stolen session makes at the current password, which
 * `change-password` and `change-email` count together per account. On PostgreSQL (CI, with
 * `REDIS_URL`) the counts live in Redis and the simultaneous guesses really overlap.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { outbox, users } from '#src/db/schema/index.ts';
import { findSignedByToken, openSession } from '#src/modules/sessions/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller } from '#src/testing/call.ts';
import { sendPasswordReset } from './mail.ts';
import { changePassword } from './profile.ts';
import { hashPassword } from './passwords.ts';
import { signInLink } from './sign-in.ts';
import { accountCalls, uniqueEmail } from './testing.ts';

let testApp: TestApp;
let db: Database;
let call: ReturnType<typeof contractCaller>;

beforeAll(async () => {
  testApp = await buildTestApp({
    DEV_OUTBOX: 'on',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  db = testApp.database.db;
  call = contractCaller(() => testApp.app);
});
afterAll(() => testApp.close());

const { call: callFrom, linkTokenTo, profile } = accountCalls(() => testApp);
/** The 410 of a link that no longer works (`links.ts`, `expiredLink`). */
const EXPIRED = 'This link has expired or was already used. Please request a new one.';
/** Wrong current passwords per account before the captcha (`AUTH_LIMIT`'s default). */
const GUESSES = 10;

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

/** Guesses at the current password, unlimited (the limit has tests of its own below). */
const uncounted = { count: async () => {}, refund: async () => {} };
/** A session of account `userId`'s, signed in (a change sets its password only from one). */
const sessionOf = async (userId: number) =>
  (await findSignedByToken(db, (await openSession(db, userId)).token))!.sessionId;

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
      { user, sessionId: await sessionOf(user.id) },
      { old_password: PASSWORD, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      uncounted,
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
      { user, sessionId: await sessionOf(user.id) },
      { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      uncounted,
      () => undefined,
    );
    expect(await notices(user.email!)).toHaveLength(1);
  });
});

const reset = (token: string, password: string) =>
  callFrom('resetPassword', 'password-reset', { payload: { token, password } });
const checkLink = (token: string) =>
  callFrom('checkPasswordResetToken', 'check-password-reset-token', { payload: { token } });
const linkWorks = async (token: string) => (await checkLink(token)).status === 200;

describe('password reset links after a password is set (security walk, item 5)', () => {
  /** Two reset links of one account, as two "Forgot your password?" e-mails would bring. */
  async function twoResetLinks(email: string) {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const links: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      await sendPasswordReset(db, user!.email!, 'https://gallop.example');
      links.push(await linkTokenTo(email, 'reset-password', 'password_reset_token'));
    }
    return links;
  }

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

describe('reset and sign-in links once the account moved to another address (decision 172)', () => {
  /** "Forgot your password?" for `email`: the token of the link mailed there. */
  async function resetLinkTo(email: string) {
    const asked = await callFrom('recoverPassword', 'password-recovery', { payload: { email } });
    expect(asked.status).toBe(200);
    const token = await linkTokenTo(email, 'reset-password', 'password_reset_token');
    expect(token).not.toBe('');
    return token;
  }

  /** The owner moves the account to a new address and opens its link in their own session. */
  async function moveInOwnSession(token: string) {
    const next = uniqueEmail('moved');
    const changed = await callFrom('changeEmail', 'change-email', {
      payload: { email: next, password: PASSWORD },
      token,
    });
    expect(changed.status).toBe(200);
    const confirmed = await callFrom('confirmEmail', 'confirm-email', {
      payload: { token: await linkTokenTo(next, 'confirm-email') },
      token,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.email).toBe(next);
    return next;
  }

  it("a move confirmed in the owner's session ends the links of before; the old inbox takes nothing", async () => {
    const user = await account();
    const token = await signIn(user.email!);
    // The previous inbox (say, compromised) holds a reset link and a one-time sign-in link.
    const resetToken = await resetLinkTo(user.email!);
    const signInToken = new URL(
      await signInLink(db, user, 'https://gallop.example'),
    ).searchParams.get('token')!;
    const next = await moveInOwnSession(token);

    const checked = await checkLink(resetToken);
    expect(checked.status).toBe(410);
    expect(checked.body.message).toBe(EXPIRED);
    const taken = await reset(resetToken, 'taken-over-2026!');
    expect(taken.status).toBe(410);
    expect(taken.body.message).toBe(EXPIRED);
    const opened = await callFrom('accessTokenByOneTimeToken', 'access-token-by-one-time-token', {
      payload: { token: signInToken },
    });
    expect(opened.status, 'the sign-in link of before the move still signs in').toBe(410);
    // The owner keeps their session and password; the new address's link works.
    expect((await profile(token)).status).toBe(200);
    expect((await reset(await resetLinkTo(next), NEW_PASSWORD)).status).toBe(200);
  });

  it('a reset link answers 410 once its address is no longer the account’s, even if nothing ended it', async () => {
    const user = await account();
    await sendPasswordReset(db, user.email!, 'https://gallop.example');
    const sentBefore = await linkTokenTo(user.email!, 'reset-password', 'password_reset_token');
    expect(await linkWorks(sentBefore)).toBe(true);
    // The address changes under the link (no path today leaves the link outstanding: the move
    // ends it too; the binding is the second lock).
    const next = uniqueEmail('elsewhere');
    await db.update(users).set({ email: next }).where(eq(users.id, user.id));

    const checked = await checkLink(sentBefore);
    expect(checked.status, 'the check still accepts the old address’s link').toBe(410);
    expect(checked.body.message).toBe(EXPIRED);
    const taken = await reset(sentBefore, 'taken-over-2026!');
    expect(taken.status, 'the old address’s link still sets the password').toBe(410);
    expect(taken.body.message).toBe(EXPIRED);
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after!.passwordHash).toBe(user.passwordHash);
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

  const changeEmail = (token: string, password: string) =>
    callFrom('changeEmail', 'change-email', {
      payload: { email: uniqueEmail('elsewhere'), password },
      token,
    });
  const changePasswordFrom = (token: string, oldPassword: string) =>
    callFrom('changePassword', 'change-password', {
      payload: {
        old_password: oldPassword,
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      },
      token,
    });

  it('change-email counts them too, per account from every address (probe 2026-12-06)', async () => {
    const user = await account();
    const token = await signIn(user.email!);
    const statuses: number[] = [];
    for (let guess = 0; guess <= GUESSES; guess += 1) {
      const answer = await changeEmail(token, `guess-${guess}`);
      statuses.push(answer.status);
      if (answer.status === 422)
        expect(answer.body.errors).toEqual({ password: ['Wrong password'] });
      if (answer.status === 429) expect(answer.body.type).toBe('captcha');
    }
    expect(statuses).toEqual([...Array<number>(GUESSES).fill(422), 429]);
    // Over the limit the right password is refused alike: the answer tells nothing.
    expect((await changeEmail(token, PASSWORD)).status).toBe(429);
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after!.pendingEmail).toBeNull();
  });

  it('change-email and change-password share one count, and a right password gives its attempt back', async () => {
    const user = await account();
    const token = await signIn(user.email!);
    for (let guess = 0; guess < GUESSES - 1; guess += 1) {
      const answer =
        guess % 2 === 0
          ? await changeEmail(token, `guess-${guess}`)
          : await changePasswordFrom(token, `guess-${guess}`);
      expect(answer.status).toBe(422);
    }
    // The owner's right password goes through and is not counted: one wrong guess is left.
    expect((await changeEmail(token, PASSWORD)).status).toBe(200);
    expect((await changePasswordFrom(token, 'guess-last')).status).toBe(422);
    expect((await changeEmail(token, 'guess-over')).status).toBe(429);
    expect((await changePasswordFrom(token, 'guess-over')).status).toBe(429);
  });

  it('lets at most the limit of simultaneous guesses from as many addresses reach the password', async () => {
    const user = await account();
    const token = await signIn(user.email!);
    const tries = GUESSES + 5;
    const answers = await Promise.all(
      Array.from({ length: tries }, (_, guess) =>
        guess % 3 === 0
          ? changePasswordFrom(token, `at-once-${guess}`)
          : changeEmail(token, `at-once-${guess}`),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 422)).toHaveLength(GUESSES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(tries - GUESSES);
  });
});
