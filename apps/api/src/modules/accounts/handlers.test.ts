import { randomInt, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { DEMO_TRAVELLER } from '@gallop/api-demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { countries, outbox, tours, userCodes, users, userSessions } from '#src/db/schema/index.ts';
import { publicTour } from '#src/modules/catalog/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { hashPassword } from './passwords.ts';

let testApp: TestApp;
let db: Database;

beforeAll(async () => {
  testApp = await buildTestApp({ DEV_OUTBOX: 'on' });
  db = testApp.database.db;
});
afterAll(() => testApp.close());

/** A unique address per call: files share one database on PostgreSQL. */
const uniqueEmail = () => `rider-${randomUUID()}@example.com`;
const freshIp = () => `10.1.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const uniquePhone = () => `+1${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;

/** A contract-checked JSON answer (its shape is asserted by `expectContractResponse`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

interface Call {
  status: number;
  body: Json;
}

async function call(
  operationId: OperationId,
  method: 'GET' | 'POST',
  url: string,
  // A client address per call unless given: sign-ups are limited per address (an hour).
  { payload, token, ip = freshIp() }: { payload?: object; token?: string; ip?: string } = {},
): Promise<Call> {
  const response = await testApp.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: token ? { 'x-authorization': `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    body: expectContractResponse(response, operationId) as Json,
  };
}

const post = (operationId: OperationId, path: string, payload?: object, token?: string) =>
  call(operationId, 'POST', `/crm/api/user/${path}`, {
    ...(payload ? { payload } : {}),
    ...(token ? { token } : {}),
  });
const profile = (token: string) => call('getProfile', 'GET', '/crm/api/user/profile', { token });

async function register(overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string | undefined) ?? uniqueEmail();
  const answer = await post('register', 'register', {
    first_name: 'Ann',
    last_name: 'Rider',
    email,
    password: 'saddle-up-2026',
    confirm_password: 'saddle-up-2026',
    timezone: 'Europe/Berlin',
    ...overrides,
  });
  return { ...answer, email };
}

/** The newest message queued to `recipient`. */
async function lastMessage(recipient: string) {
  const [message] = await db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.id))
    .limit(1);
  return message;
}

const codeIn = (body: string) => body.match(/\b(\d{5})\b/)?.[1] ?? '';
const tokenIn = (body: string, name = 'token') =>
  new URL(body.match(/https?:\/\/\S+/)![0]).searchParams.get(name) ?? '';

/**
 * A new account signed in with its password kept: register, sign in with the password, then open
 * the e-mailed link in that session (the registrant proving their own inbox keeps the password,
 * decision 147). `body` is the confirmed profile with the session's tokens.
 */
async function signUp(overrides: Record<string, unknown> = {}) {
  const { status, email } = await register(overrides);
  expect(status).toBe(200);
  const signedIn = await post('login', 'auth', { login: email, password: 'saddle-up-2026' });
  expect(signedIn.status).toBe(200);
  const token = tokenIn((await lastMessage(email.toLowerCase()))!.body);
  const confirmed = await post('confirmEmail', 'confirm-email', { token }, signedIn.body.token);
  expect(confirmed.status).toBe(200);
  expect(confirmed.body).toMatchObject({ is_email_confirmed: true });
  expect(confirmed.body.token).toBeUndefined();
  const body: Json = {
    ...confirmed.body,
    token: signedIn.body.token,
    refresh_token: signedIn.body.refresh_token,
  };
  return { email, body };
}

const userByEmail = async (email: string) =>
  (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];

const sessionsOf = async (userId: number) =>
  db.select().from(userSessions).where(eq(userSessions.userId, userId));

/** The start of the 422 of a password that is too easy to guess. */
const TOO_EASY =
  /^This password is too easy to guess\. .*Add more words or use a less common phrase\.$/;

describe('registration and sign-in with a password', () => {
  it('registers an unconfirmed account without a session, and emails a confirmation link', async () => {
    const { status, body, email } = await register({ email: `Ann-${randomUUID()}@Example.com` });
    expect({ status, body }).toEqual({ status: 200, body: { result: true } });
    const user = await userByEmail(email.toLowerCase());
    expect(user).toMatchObject({
      firstName: 'Ann',
      lastName: 'Rider',
      timezone: 'Europe/Berlin',
      role: 'client',
      emailConfirmedAt: null,
    });
    expect(await sessionsOf(user!.id)).toEqual([]);
    const link = await lastMessage(email.toLowerCase());
    expect(link).toMatchObject({ kind: 'confirm-email', channel: 'email' });
    expect(link!.body).toContain('/email-confirm?token=');
  });

  it('answers a taken address as a new one; only its inbox hears of the attempt', async () => {
    // An account of long ago (registering it here would open the address's resend window).
    const fresh = { email: uniqueEmail() };
    await db.insert(users).values({
      email: fresh.email,
      firstName: 'Ann',
      lastName: 'Rider',
      passwordHash: await hashPassword('saddle-up-2026'),
    });
    const owner = await userByEmail(fresh.email);
    const taken = await register({
      email: fresh.email.toUpperCase(),
      first_name: 'Mallory',
      password: 'another-saddle-77',
      confirm_password: 'another-saddle-77',
    });
    const stranger = await register();
    // Same status, same body: the caller cannot tell which address had an account.
    expect({ status: taken.status, body: taken.body }).toEqual({
      status: stranger.status,
      body: stranger.body,
    });
    expect(taken.status).toBe(200);
    // The owner is told, with the ways back in; no link, no session, nothing else changed.
    const notice = await lastMessage(fresh.email);
    expect(notice).toMatchObject({ kind: 'register-attempt', channel: 'email' });
    expect(notice!.body).toContain('tried to create a Gallop account with this email');
    expect(notice!.body).toContain('/login');
    expect(notice!.body).toContain('Forgot your password?');
    expect(notice!.body).not.toContain('token=');
    expect(await userByEmail(fresh.email)).toEqual(owner);
    expect(await sessionsOf(owner!.id)).toEqual([]);
    expect(
      (await post('login', 'auth', { login: fresh.email, password: 'another-saddle-77' })).status,
    ).toBe(401);
    // The new address got its confirmation link.
    expect((await lastMessage(stranger.email))!.kind).toBe('confirm-email');
  });

  it('keeps a phone of another account out of a new one, saying so in the e-mail only', async () => {
    const phone = uniquePhone();
    const first = await register({ phone });
    // The phone is another account's once it confirmed it (decision 147).
    await db
      .update(users)
      .set({ phoneConfirmedAt: new Date() })
      .where(eq(users.email, first.email));
    const second = await register({ phone });
    expect({ status: second.status, body: second.body }).toEqual({
      status: 200,
      body: { result: true },
    });
    expect((await userByEmail(second.email))!.phone).toBeNull();
    expect((await lastMessage(second.email))!.body).toContain(
      'belongs to another Gallop account, so it was not saved',
    );
  });

  it('refuses unequal passwords and blank names with field errors', async () => {
    const unequal = await register({ confirm_password: 'saddle-up-2027' });
    expect(unequal.status).toBe(422);
    expect(unequal.body.errors).toEqual({ confirm_password: ['Do not match'] });
    const blank = await register({ first_name: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ first_name: ['Required field'] });
  });

  it('refuses a password that is easy to guess, saying why on the password field', async () => {
    for (const password of ['12345678', 'password', 'annrider']) {
      const weak = await register({ password, confirm_password: password });
      expect(weak.status, password).toBe(422);
      expect(weak.body.message, password).toMatch(TOO_EASY);
      expect(weak.body.errors, password).toEqual({ password: [weak.body.message] });
      expect(await userByEmail(weak.email), password).toBeUndefined();
      expect(await lastMessage(weak.email), password).toBeUndefined();
    }
    const common = await register({ password: '12345678', confirm_password: '12345678' });
    expect(common.body.message).toBe(
      'This password is too easy to guess. This is a heavily used password. Add more words or use a less common phrase.',
    );
  });

  it('signs the seeded demo traveller in, and refuses a wrong password with 401', async () => {
    const ok = await post('login', 'auth', {
      login: DEMO_TRAVELLER.email.toUpperCase(),
      password: DEMO_TRAVELLER.password,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ first_name: 'Alex', email: DEMO_TRAVELLER.email });
    expect(ok.body.user.country).toMatchObject({ iso_code: 'US' });
    const wrong = await post('login', 'auth', { login: DEMO_TRAVELLER.email, password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid login or password');
    const unknown = await post('login', 'auth', { login: uniqueEmail(), password: 'whatever' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Invalid login or password');
  });

  it('verifies an scrypt hash of before and stores it again as argon2id at sign-in', async () => {
    const { email } = await register();
    // `saddle-up-2026` as the scrypt `hashPassword` wrote it (N=2^15, r=8, p=1).
    const scrypt =
      'scrypt$32768$8$1$DFhWZWc40Ecm1HvHPkHehw$ItakOlzsuuwMIPjZ7NGlSrnlRKk1MsBo_ZDggjgPQbg';
    await db.update(users).set({ passwordHash: scrypt }).where(eq(users.email, email));
    const wrong = await post('login', 'auth', { login: email, password: 'saddle-up-2027' });
    expect(wrong.status).toBe(401);
    expect((await userByEmail(email))!.passwordHash).toBe(scrypt);
    const ok = await post('login', 'auth', { login: email, password: 'saddle-up-2026' });
    expect(ok.status).toBe(200);
    const upgraded = (await userByEmail(email))!.passwordHash!;
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await post('login', 'auth', { login: email, password: 'saddle-up-2026' })).status).toBe(
      200,
    );
    expect((await userByEmail(email))!.passwordHash).toBe(upgraded);
  });

  it('signs in by phone too, once the phone is confirmed', async () => {
    const phone = uniquePhone();
    const { email } = await register({ phone });
    const byPhone = () => post('login', 'auth', { login: phone, password: 'saddle-up-2026' });
    // Until its code is entered, a phone is only a claim and names no account (decision 147).
    expect((await byPhone()).status).toBe(401);
    const session = await post('login', 'auth', { login: email, password: 'saddle-up-2026' });
    await post(
      'sendConfirmationCode',
      'send-confirmation-code',
      { code_sender: 'sms' },
      session.body.token,
    );
    const code = codeIn((await lastMessage(phone))!.body);
    const confirmed = await post('confirmPhone', 'confirm-phone', { code }, session.body.token);
    expect(confirmed.body).toMatchObject({ phone, is_phone_confirmed: true });
    const ok = await byPhone();
    expect(ok.status).toBe(200);
    expect(ok.body.user.phone).toBe(phone);
  });

  it('asks for a captcha after too many attempts from one address for one login', async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const answer = await call('login', 'POST', '/crm/api/user/auth', {
        payload: { login: email, password: 'wrong' },
        ip: '10.1.9.9',
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.body.type).toBe('captcha');
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('sessions', () => {
  it('answers 401 without a token, with an unknown token, and after sign-out', async () => {
    expect((await call('getProfile', 'GET', '/crm/api/user/profile')).status).toBe(401);
    expect((await profile('not-a-real-token')).status).toBe(401);
    const { body } = await signUp();
    expect((await post('logout', 'logout', undefined, body.token)).body).toEqual({ result: true });
    expect((await profile(body.token)).status).toBe(401);
    expect(
      (await post('refreshToken', 'refresh-token', { refresh_token: body.refresh_token })).status,
    ).toBe(401);
  });

  it('rotates the refresh token: the old one works once', async () => {
    const { body } = await signUp();
    const refreshed = await post('refreshToken', 'refresh-token', {
      refresh_token: body.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.token).not.toBe(body.token);
    expect(refreshed.body.refresh_token).not.toBe(body.refresh_token);
    expect((await profile(body.token)).status).toBe(401);
    expect((await profile(refreshed.body.token)).status).toBe(200);
    const reused = await post('refreshToken', 'refresh-token', {
      refresh_token: body.refresh_token,
    });
    expect(reused.status).toBe(401);
  });
});

describe('one-time codes', () => {
  it('registers without a password, then signs in with the emailed 5-digit code', async () => {
    const email = uniqueEmail();
    const [tour] = await db.select({ id: tours.id }).from(tours).limit(1);
    const sent = await post('registerWithoutPassword', 'register-without-password', {
      first_name: 'Quick',
      email,
      code_sender: 'email',
      favourites_tours_ids: [tour!.id],
    });
    expect(sent.body).toEqual({ result: true, code_sender: 'email' });
    const code = codeIn((await lastMessage(email))!.body);
    expect(code).toMatch(/^\d{5}$/);

    const wrong = await post('loginViaCode', 'auth-via-code', {
      login: email,
      code: code === '00000' ? '11111' : '00000',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ code: ['Invalid code'] });

    const signed = await post('loginViaCode', 'auth-via-code', {
      login: email,
      code,
      verify_method: 'email',
    });
    expect(signed.status).toBe(200);
    expect(signed.body.user).toMatchObject({ first_name: 'Quick', email });
    const favourites = await call('listFavouriteTours', 'GET', '/crm/api/user/favourite-tours', {
      token: signed.body.token,
    });
    expect(favourites.body.ids).toEqual([tour!.id]);
    // Used once.
    const again = await post('loginViaCode', 'auth-via-code', { login: email, code });
    expect(again.status).toBe(422);
  });

  it('stops accepting a code after five wrong attempts from one address', async () => {
    const { email } = await register();
    await post('sendAuthCode', 'send-auth-code', { login: email, code_sender: 'email' });
    const code = codeIn((await lastMessage(email))!.body);
    const wrongCode = code === '99999' ? '99998' : '99999';
    // From one address: each address has five (decision 209).
    const guess = (payload: object) =>
      call('loginViaCode', 'POST', '/crm/api/user/auth-via-code', { payload, ip: '10.1.0.9' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await guess({ login: email, code: wrongCode });
    }
    const late = await guess({ login: email, code });
    expect(late.status).toBe(422);
    expect(late.body.errors.code[0]).toMatch(/expired/);
    const [row] = await db
      .select()
      .from(userCodes)
      .where(and(eq(userCodes.login, email)))
      .orderBy(desc(userCodes.id))
      .limit(1);
    expect(row!.codeHash).not.toContain(code);
  });

  it('answers an unknown login as a known one (no enumeration), sending it nothing', async () => {
    const { email } = await register();
    const stranger = uniqueEmail();
    const known = await post('sendAuthCode', 'send-auth-code', {
      login: email,
      code_sender: 'email',
    });
    const unknown = await post('sendAuthCode', 'send-auth-code', {
      login: stranger,
      code_sender: 'email',
    });
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: known.status,
      body: known.body,
    });
    expect(known.status).toBe(200);
    expect(codeIn((await lastMessage(email))!.body)).toMatch(/^\d+$/);
    expect(await lastMessage(stranger)).toBeUndefined();
  });

  it('refuses a sender that does not fit the login', async () => {
    const { email } = await register();
    const mismatch = await post('sendAuthCode', 'send-auth-code', {
      login: email,
      code_sender: 'sms',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.code_sender).toBeDefined();
  });

  it('redirect-auth-via-code answers a one-time sign-in link that opens a session once', async () => {
    const { email } = await register();
    await post('sendAuthCode', 'send-auth-code', { login: email, code_sender: 'email' });
    const code = codeIn((await lastMessage(email))!.body);
    const redirect = await post('redirectLoginViaCode', 'redirect-auth-via-code', {
      login: email,
      code,
    });
    expect(redirect.body.type).toBe('redirect');
    const url = new URL(redirect.body.url);
    expect(url.pathname).toBe('/login-via-token');
    const token = url.searchParams.get('token')!;
    const opened = await post('accessTokenByOneTimeToken', 'access-token-by-one-time-token', {
      token,
    });
    expect(opened.status).toBe(200);
    expect(opened.body.user.email).toBe(email);
    const reused = await post('accessTokenByOneTimeToken', 'access-token-by-one-time-token', {
      token,
    });
    expect(reused.status).toBe(410);
  });
});

describe('links sent by email', () => {
  it('says in the profile whether the address is confirmed', async () => {
    const { email } = await register();
    const early = await post('login', 'auth', { login: email, password: 'saddle-up-2026' });
    expect(early.status).toBe(200);
    expect((await profile(early.body.token)).body).toMatchObject({ is_email_confirmed: false });
    const token = tokenIn((await lastMessage(email))!.body);
    // Opened in the account's own session: the registrant proves their inbox, nothing ends.
    const confirmed = await post('confirmEmail', 'confirm-email', { token }, early.body.token);
    expect(confirmed.status).toBe(200);
    expect((await profile(early.body.token)).body).toMatchObject({ is_email_confirmed: true });
  });

  it('confirms the address with the link and signs in; opened again it tells only its own session, other links are gone', async () => {
    const { email } = await register();
    const user = await userByEmail(email);
    const token = tokenIn((await lastMessage(email))!.body);
    // Opened signed out, the link asks the password chosen at registration (decision 151).
    const asked = await post('confirmEmail', 'confirm-email', { token });
    expect(asked.status).toBe(403);
    const confirmed = await post('confirmEmail', 'confirm-email', {
      token,
      password: 'saddle-up-2026',
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ email, first_name: 'Ann' });
    // The click that confirmed the address opened a session (the registration's end).
    expect(confirmed.body.token).toEqual(expect.any(String));
    expect(confirmed.body.refresh_token).toEqual(expect.any(String));
    expect((await userByEmail(email))!.emailConfirmedAt).not.toBeNull();
    expect(await sessionsOf(user!.id)).toHaveLength(1);
    const me = await profile(confirmed.body.token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user!.id, email, is_email_confirmed: true });
    // A second click in the session it opened (the page reloading) still says confirmed, and
    // signs nobody in; anywhere else the used link is a 410 that names nothing of the account.
    const again = await post('confirmEmail', 'confirm-email', { token }, confirmed.body.token);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: user!.id, is_email_confirmed: true });
    expect(again.body.token).toBeUndefined();
    const signedOut = await post('confirmEmail', 'confirm-email', { token });
    expect(signedOut.status).toBe(410);
    expect(JSON.stringify(signedOut.body)).not.toContain(email);
    expect((await post('confirmEmail', 'confirm-email', { token: 'never-sent' })).status).toBe(410);
    // Already confirmed: asking again sends nothing new.
    const before = await lastMessage(email);
    await post(
      'requestEmailConfirmation',
      'email-confirmation-request',
      undefined,
      confirmed.body.token,
    );
    expect((await lastMessage(email))!.id).toBe(before!.id);
    // After the account moved to another address, the old link no longer confirms anything.
    const next = uniqueEmail();
    await post(
      'changeEmail',
      'change-email',
      { email: next, password: 'saddle-up-2026' },
      confirmed.body.token,
    );
    const moveToken = tokenIn((await lastMessage(next))!.body);
    const moved = await post('confirmEmail', 'confirm-email', {
      token: moveToken,
      password: 'saddle-up-2026',
    });
    expect(moved.status).toBe(200);
    expect((await post('confirmEmail', 'confirm-email', { token })).status).toBe(410);
  });

  it('moves the account to a changed address when its link is opened, without a second session', async () => {
    const { body, email } = await signUp();
    const previous = email.toLowerCase();
    const next = uniqueEmail();
    await post(
      'changeEmail',
      'change-email',
      { email: next, password: 'saddle-up-2026' },
      body.token,
    );
    // Until the link is opened the account keeps its address, and signs in with it only.
    expect((await profile(body.token)).body).toMatchObject({
      email: previous,
      pending_email: next,
      is_email_confirmed: true,
    });
    expect((await post('login', 'auth', { login: next, password: 'saddle-up-2026' })).status).toBe(
      401,
    );
    expect((await lastMessage(previous))!.kind).not.toBe('email-changed');
    const token = tokenIn((await lastMessage(next))!.body);
    const confirmed = await call('confirmEmail', 'POST', '/crm/api/user/confirm-email', {
      payload: { token },
      token: body.token,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      email: next,
      pending_email: null,
      is_email_confirmed: true,
    });
    expect(confirmed.body.token).toBeUndefined();
    expect(await sessionsOf(confirmed.body.id)).toHaveLength(1);
    // Now the previous address is told, with the new one masked.
    const told = await lastMessage(previous);
    expect(told!.kind).toBe('email-changed');
    expect(told!.body).toContain(`${next[0]}***@`);
    expect((await post('login', 'auth', { login: next, password: 'saddle-up-2026' })).status).toBe(
      200,
    );
  });

  it('refuses a change link replaced by another change, or whose address was taken since', async () => {
    const { body, email } = await signUp();
    const first = uniqueEmail();
    const second = uniqueEmail();
    const change = (to: string) =>
      post('changeEmail', 'change-email', { email: to, password: 'saddle-up-2026' }, body.token);
    await change(first);
    const firstToken = tokenIn((await lastMessage(first))!.body);
    await change(second);
    expect((await post('confirmEmail', 'confirm-email', { token: firstToken })).status).toBe(410);
    // Someone registers the waiting address before its link is opened: the account keeps its own.
    const { status } = await register({ email: second });
    expect(status).toBe(200);
    const secondToken = tokenIn(
      (
        await db
          .select()
          .from(outbox)
          .where(and(eq(outbox.recipient, second), eq(outbox.kind, 'confirm-email')))
          .orderBy(asc(outbox.id))
          .limit(1)
      )[0]!.body,
    );
    const taken = await post('confirmEmail', 'confirm-email', {
      token: secondToken,
      password: 'saddle-up-2026',
    });
    expect(taken.status).toBe(422);
    expect(taken.body.message).toBe(
      'Another Gallop account uses this email address now, so your account keeps its email',
    );
    expect((await profile(body.token)).body).toMatchObject({
      email: email.toLowerCase(),
      pending_email: null,
    });
  });

  it('resets a forgotten password, signing out the other devices', async () => {
    const { email, body } = await signUp();
    const known = await post('recoverPassword', 'password-recovery', { email });
    expect({ status: known.status, body: known.body }).toEqual({
      status: 200,
      body: { result: true },
    });
    // Unknown addresses get the same answer (no enumeration) and no e-mail.
    const stranger = uniqueEmail();
    const unknown = await post('recoverPassword', 'password-recovery', { email: stranger });
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: known.status,
      body: known.body,
    });
    expect(await lastMessage(stranger)).toBeUndefined();
    const token = tokenIn((await lastMessage(email))!.body, 'password_reset_token');
    expect(
      (await post('checkPasswordResetToken', 'check-password-reset-token', { token })).body,
    ).toEqual({
      result: true,
    });
    // A password that is easy to guess is refused, and the link still works.
    const weak = await post('resetPassword', 'password-reset', { token, password: '12345678' });
    expect(weak.status).toBe(422);
    expect(weak.body.errors.password[0]).toMatch(TOO_EASY);
    expect((await profile(body.token)).status).toBe(200);
    const reset = await post('resetPassword', 'password-reset', {
      token,
      password: 'new-saddle-99',
    });
    expect(reset.status).toBe(200);
    expect((await profile(body.token)).status).toBe(401);
    expect((await post('login', 'auth', { login: email, password: 'new-saddle-99' })).status).toBe(
      200,
    );
    expect(
      (await post('checkPasswordResetToken', 'check-password-reset-token', { token })).status,
    ).toBe(410);
  });
});

describe('settings', () => {
  it('updates the profile, language, currency and country', async () => {
    const { body } = await signUp();
    const updated = await post(
      'updateProfile',
      'update-profile',
      { first_name: ' Annie ', timezone: 'Asia/Tokyo' },
      body.token,
    );
    expect(updated.body).toMatchObject({
      first_name: 'Annie',
      last_name: 'Rider',
      timezone: 'Asia/Tokyo',
    });
    const badZone = await post(
      'updateProfile',
      'update-profile',
      { timezone: 'Mars/Olympus' },
      body.token,
    );
    expect(badZone.status).toBe(422);
    expect(
      (await post('setLanguage', 'set-language', { language_code: 'de' }, body.token)).body,
    ).toEqual({ result: true });
    expect(
      (await post('setLanguage', 'set-language', { language_code: 'xx' }, body.token)).status,
    ).toBe(422);
    expect(
      (await post('setCurrency', 'set-currency', { currency_code: 'EUR' }, body.token)).body,
    ).toEqual({ result: true });
    expect(
      (await post('setCurrency', 'set-currency', { currency_code: 'ZZZ' }, body.token)).status,
    ).toBe(422);
    const me = await profile(body.token);
    expect(me.body).toMatchObject({ language_code: 'de', currency_code: 'EUR' });
    const [abroad] = await db.select().from(countries).where(ne(countries.isoCode, 'US')).limit(1);
    const country = await post(
      'changeCountry',
      'change-country',
      { country_id: abroad!.id },
      body.token,
    );
    expect(country.status).toBe(200);
    expect(country.body.country).toMatchObject({ id: abroad!.id, iso_code: abroad!.isoCode });
    expect(
      (await post('changeCountry', 'change-country', { country_id: 999_999 }, body.token)).status,
    ).toBe(422);
  });

  it('changes the password with the old one, keeping this device signed in', async () => {
    const { email, body } = await signUp();
    const other = await post('login', 'auth', { login: email, password: 'saddle-up-2026' });
    const change = (oldPassword: string, password: string) =>
      post(
        'changePassword',
        'change-password',
        { old_password: oldPassword, password, confirm_password: password },
        body.token,
      );
    const wrongOld = await change('nope', 'fresh-trail-1');
    expect(wrongOld.status).toBe(422);
    expect(wrongOld.body.errors).toEqual({ old_password: ['Wrong password'] });
    // A new password that is easy to guess is refused, and the old one still signs in.
    const weak = await change('saddle-up-2026', 'password');
    expect(weak.status).toBe(422);
    expect(weak.body.errors).toEqual({ password: [expect.stringMatching(TOO_EASY)] });
    expect((await post('login', 'auth', { login: email, password: 'saddle-up-2026' })).status).toBe(
      200,
    );
    const changed = await change('saddle-up-2026', 'fresh-trail-1');
    expect(changed.body).toEqual({ result: true });
    expect((await profile(body.token)).status).toBe(200);
    expect((await profile(other.body.token)).status).toBe(401);
    expect((await post('login', 'auth', { login: email, password: 'fresh-trail-1' })).status).toBe(
      200,
    );
  });

  it('changes the email (with the password) and sends a new confirmation', async () => {
    const { body } = await signUp();
    const next = uniqueEmail();
    const refused = await post(
      'changeEmail',
      'change-email',
      { email: next, password: 'nope' },
      body.token,
    );
    expect(refused.body.errors).toEqual({ password: ['Wrong password'] });
    const changed = await post(
      'changeEmail',
      'change-email',
      { email: next, password: 'saddle-up-2026' },
      body.token,
    );
    expect(changed.body).toMatchObject({ email: body.email, pending_email: next });
    expect((await lastMessage(next))!.kind).toBe('confirm-email');
    // An address another account has is answered as a free one, now and on every later read
    // (no account enumeration): only its inbox is told, and no link goes there.
    const before = (await lastMessage(DEMO_TRAVELLER.email))?.id ?? 0;
    const taken = await post(
      'changeEmail',
      'change-email',
      { email: DEMO_TRAVELLER.email, password: 'saddle-up-2026' },
      body.token,
    );
    expect(taken.status).toBe(200);
    expect({ ...taken.body, pending_email: next }).toEqual(changed.body);
    expect({ ...(await profile(body.token)).body, pending_email: next }).toEqual(changed.body);
    const notice = await lastMessage(DEMO_TRAVELLER.email);
    expect(notice!.id).toBeGreaterThan(before);
    expect(notice!.kind).toBe('email-taken');
    // The account's own address clears the waiting change; keeping it needs no password.
    const kept = await post('changeEmail', 'change-email', { email: body.email }, body.token);
    expect(kept.body).toMatchObject({ email: body.email, pending_email: null });
  });

  it('changes and confirms the phone with an SMS code', async () => {
    const { body } = await signUp();
    const phone = uniquePhone();
    const changed = await post('changePhone', 'change-phone', { phone }, body.token);
    expect(changed.body).toMatchObject({ phone, is_phone_confirmed: false });
    const methods = await call(
      'listPhoneConfirmationMethods',
      'GET',
      '/crm/api/user/phone-confirmation-methods',
      {
        token: body.token,
      },
    );
    expect(methods.body.methods).toContain('sms');
    await post(
      'sendConfirmationCode',
      'send-confirmation-code',
      { code_sender: 'sms' },
      body.token,
    );
    const message = await lastMessage(phone);
    expect(message!.channel).toBe('sms');
    const confirmed = await post(
      'confirmPhone',
      'confirm-phone',
      { code: codeIn(message!.body) },
      body.token,
    );
    expect(confirmed.body.is_phone_confirmed).toBe(true);
  });

  it('answers permissions and marks activity', async () => {
    const { body } = await signUp();
    const data = await call('getUserInfoData', 'GET', '/spa/user-info-data', { token: body.token });
    expect(data.body).toEqual({
      permissions: { can_use_knowledge: false, can_view_commission: false },
    });
    expect((await post('setActivity', 'set-activity', undefined, body.token)).body).toEqual({
      result: true,
    });
  });
});

describe('favourites', () => {
  it('adds, lists and removes favourite tours; 404 for an unknown tour', async () => {
    const { body } = await signUp();
    // Tours with a page: `active_only=1` lists those alone (decision 194).
    const [first, second] = await db
      .select({ id: tours.id })
      .from(tours)
      .where(publicTour())
      .orderBy(asc(tours.id))
      .limit(2);
    const add = (tourId: number) =>
      call('addFavouriteTour', 'POST', '/crm/api/favourite-tour/create', {
        payload: { tour_id: tourId },
        token: body.token,
      });
    expect((await add(first!.id)).body).toEqual({ result: true });
    expect((await add(second!.id)).body).toEqual({ result: true });
    expect((await add(first!.id)).body).toEqual({ result: true });
    expect((await add(2_000_000_000)).status).toBe(404);
    const list = () =>
      call('listFavouriteTours', 'GET', '/crm/api/user/favourite-tours?active_only=1', {
        token: body.token,
      });
    expect((await list()).body.ids).toEqual([first!.id, second!.id]);
    await call('removeFavouriteTour', 'POST', '/crm/api/favourite-tour/delete', {
      payload: { tour_id: first!.id },
      token: body.token,
    });
    expect((await list()).body.ids).toEqual([second!.id]);
    expect((await call('listFavouriteTours', 'GET', '/crm/api/user/favourite-tours')).status).toBe(
      401,
    );
  });
});

describe('the development outbox', () => {
  it('lists queued messages for one recipient', async () => {
    const { email } = await register();
    const response = await testApp.app.inject({
      url: `/dev/outbox?recipient=${encodeURIComponent(email)}`,
    });
    expect(response.statusCode).toBe(200);
    const { messages } = response.json() as { messages: { kind: string; recipient: string }[] };
    expect(messages).toEqual([
      expect.objectContaining({ kind: 'confirm-email', recipient: email }),
    ]);
  });
});
