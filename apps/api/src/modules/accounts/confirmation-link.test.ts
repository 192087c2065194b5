/**
 * The confirmation link opened outside its account's session (decision 151). An attacker
 * registered a victim's address with a password of their own; when the victim opened the link
 * signed out, the address was confirmed and the attacker's password went on working (decision
 * 147's limit). Now the link asks for the password chosen at registration, or "I did not create
 * this account", which hands the address to the opener and ends everything of the registrant's.
 * On PostgreSQL (CI) the simultaneous calls really overlap.
 */
import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, userSessions } from '#src/db/schema/index.ts';
import { findBookableDate } from '#src/modules/bookings/testing.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { signedUser } from '#src/testing/signed-user.ts';
import { sendEmailConfirmation } from './mail.ts';
import { hashPassword } from './passwords.ts';
import { accountCalls, uniqueEmail } from './testing.ts';

const REGISTRANT_PASSWORD = 'Registrant-Chose-This-77!';
const VICTIM_PASSWORD = 'victims-own-trail-2026';
const ASKED = 'Enter the password you chose when you registered';

/** Registrations and password checks each wait for a memory-hard hash. */
const SLOW = 120_000;

let testApp: TestApp;
let registrantHash: string;

beforeAll(async () => {
  registrantHash = await hashPassword(REGISTRANT_PASSWORD);
  // The per-address limits are lifted: only the per-account limits under test remain.
  testApp = await buildTestApp({
    DEV_OUTBOX: 'on',
    AUTH_LIMIT: '100000',
    AUTH_ACCOUNT_LIMIT: '100000',
    PUBLIC_WRITE_LIMIT: '100000',
  });
});
afterAll(() => testApp.close());

const { call, linkTokenTo, profile } = accountCalls(() => testApp);
const db = () => testApp.database.db;

const passwordSignIn = (login: string, password = REGISTRANT_PASSWORD) =>
  call('login', 'auth', { payload: { login, password } });

/** Someone registers `email` with a password of theirs and signs in, as `register` allows. */
async function register(email = uniqueEmail('victim')) {
  const registered = await call('register', 'register', {
    payload: {
      first_name: 'Eve',
      last_name: 'Mallory',
      email,
      password: REGISTRANT_PASSWORD,
      confirm_password: REGISTRANT_PASSWORD,
    },
  });
  expect(registered.status).toBe(200);
  const session = await passwordSignIn(email);
  expect(session.status).toBe(200);
  const link = await linkTokenTo(email, 'confirm-email');
  return { email, link, token: session.body.token as string };
}

/** An account as `register` leaves it, and its link, without the HTTP round trips. */
async function unconfirmedAccount() {
  const email = uniqueEmail('race');
  const [row] = await db()
    .insert(users)
    .values({ email, firstName: 'Eve', lastName: 'Mallory', passwordHash: registrantHash })
    .returning();
  await sendEmailConfirmation(db(), row!, 'http://127.0.0.1:3000');
  return { email, id: row!.id, link: await linkTokenTo(email, 'confirm-email') };
}

const open = (token: string, extra: object = {}, session?: string) =>
  call('confirmEmail', 'confirm-email', {
    payload: { token, ...extra },
    ...(session ? { token: session } : {}),
  });

const userOf = async (email: string) =>
  (await db().select().from(users).where(eq(users.email, email)))[0]!;

const activeSessions = (userId: number) =>
  db()
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)));

describe('the link opened outside the account (decision 151)', () => {
  it(
    '"I did not create this account": the registrant loses the account, the opener sets a password',
    async () => {
      const attacker = await register();
      // The victim's guest booking with the address, made before the link is opened.
      const date = await findBookableDate(db());
      const booked = await call('createBookingRequest', '/crm/api/request/create', {
        payload: {
          tour_id: date.tourId,
          tour_date_id: date.id,
          tourists: [{ first_name: 'Vera', last_name: 'Victim', weight: 82 }],
          contact: { name: 'Vera Victim', email: attacker.email, phone: '+12025550144' },
        },
      });
      expect(booked.status).toBe(201);

      // Signed out, the link does not confirm by itself: it asks the registrant's password.
      const asked = await open(attacker.link);
      expect(asked.status).toBe(403);
      expect(asked.body).toEqual({
        message: ASKED,
        errors: { password: [ASKED] },
        link: 'registration',
      });
      expect((await userOf(attacker.email)).emailConfirmedAt).toBeNull();
      expect((await profile(attacker.token)).status).toBe(200);

      const disowned = await open(attacker.link, { not_mine: true });
      expect(disowned.status).toBe(200);
      expect(disowned.body).toMatchObject({ email: attacker.email, is_email_confirmed: true });
      expect(disowned.body.token).toEqual(expect.any(String));

      // The attacker's session and password open nothing any more …
      expect((await profile(attacker.token)).status).toBe(401);
      expect((await passwordSignIn(attacker.email)).status).toBe(401);
      const row = await userOf(attacker.email);
      expect(row.passwordHash).toBeNull();
      expect(await activeSessions(row.id)).toHaveLength(1);
      // … the victim's booking is theirs, and they set a password without a current one.
      const bookings = await call('listBookingRequests', '/crm/api/request/list', {
        token: disowned.body.token,
        method: 'GET',
      });
      expect(bookings.body.items.map((item: { id: number }) => item.id)).toEqual([booked.body.id]);
      const set = await call('changePassword', 'change-password', {
        payload: { password: VICTIM_PASSWORD, confirm_password: VICTIM_PASSWORD },
        token: disowned.body.token,
      });
      expect(set.status).toBe(200);
      expect((await passwordSignIn(attacker.email, VICTIM_PASSWORD)).status).toBe(200);
      expect((await passwordSignIn(attacker.email)).status).toBe(401);
      // The used link is a 410 to anyone but the account's own session.
      expect((await open(attacker.link, { not_mine: true })).status).toBe(410);
      expect((await open(attacker.link, { password: REGISTRANT_PASSWORD })).status).toBe(410);
    },
    SLOW,
  );

  it(
    'the password chosen at registration confirms and signs in; a wrong one leaves the link usable',
    async () => {
      const registrant = await register();
      const wrong = await open(registrant.link, { password: 'not-the-one-2026' });
      expect(wrong.status).toBe(422);
      expect(wrong.body).toMatchObject({ errors: { password: ['Wrong password'] } });
      expect((await userOf(registrant.email)).emailConfirmedAt).toBeNull();

      const confirmed = await open(registrant.link, { password: REGISTRANT_PASSWORD });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ email: registrant.email, is_email_confirmed: true });
      expect(confirmed.body.token).toEqual(expect.any(String));
      expect((await profile(confirmed.body.token)).status).toBe(200);
      // Proven from outside: the other device's session ended, the password stays (147).
      expect((await profile(registrant.token)).status).toBe(401);
      expect((await passwordSignIn(registrant.email)).status).toBe(200);
    },
    SLOW,
  );

  it(
    'limits wrong passwords per account, and "I did not create this account" still works',
    async () => {
      const registrant = await register();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await open(registrant.link, { password: `guess-${attempt}-xyz` })).status).toBe(
          422,
        );
      }
      const limited = await open(registrant.link, { password: REGISTRANT_PASSWORD });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toContain('Too many wrong passwords for this account');
      expect((await userOf(registrant.email)).emailConfirmedAt).toBeNull();
      const disowned = await open(registrant.link, { not_mine: true });
      expect(disowned.status).toBe(200);
      expect((await userOf(registrant.email)).passwordHash).toBeNull();
    },
    SLOW,
  );

  it(
    "confirms at once in the account's own session; in another account's it asks too",
    async () => {
      const own = await register();
      const kept = await open(own.link, {}, own.token);
      expect(kept.status).toBe(200);
      expect(kept.body).toMatchObject({ email: own.email, is_email_confirmed: true });
      expect(kept.body.token).toBeUndefined();
      expect((await profile(own.token)).status).toBe(200);
      // The page reloading in that session still says confirmed.
      expect((await open(own.link, {}, own.token)).status).toBe(200);

      const registrant = await register();
      const other = await signedUser(db());
      const asked = await open(registrant.link, {}, other.token);
      expect(asked.status).toBe(403);
      const confirmed = await open(registrant.link, { password: REGISTRANT_PASSWORD }, other.token);
      expect(confirmed.status).toBe(200);
      // Signed in elsewhere, nobody is switched to the link's account.
      expect(confirmed.body.token).toBeUndefined();
      expect((await profile(other.token)).status).toBe(200);
    },
    SLOW,
  );

  it(
    "asks a change's link for the account's password and refuses it being disowned",
    async () => {
      const mover = await register();
      expect((await open(mover.link, {}, mover.token)).status).toBe(200);
      const next = uniqueEmail('next');
      const changed = await call('changeEmail', 'change-email', {
        payload: { email: next, password: REGISTRANT_PASSWORD },
        token: mover.token,
      });
      expect(changed.status).toBe(200);
      const link = await linkTokenTo(next, 'confirm-email');
      const asked = await open(link);
      expect(asked.status).toBe(403);
      expect(asked.body.link).toBe('change');
      const disowned = await open(link, { not_mine: true });
      expect(disowned.status).toBe(422);
      expect((await userOf(mover.email)).pendingEmail).toBe(next);
      const moved = await open(link, { password: REGISTRANT_PASSWORD });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ email: next, is_email_confirmed: true });
      expect(moved.body.token).toBeUndefined();
    },
    SLOW,
  );

  it(
    'gives one outcome when the link is answered ten times at once, both ways',
    async () => {
      for (let round = 0; round < 3; round += 1) {
        const { email, id, link } = await unconfirmedAccount();
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            open(link, index % 2 === 0 ? { not_mine: true } : { password: REGISTRANT_PASSWORD }),
          ),
        );
        const statuses = answers.map((answer) => answer.status);
        expect(statuses.filter((status) => status === 200)).toHaveLength(1);
        expect(statuses.every((status) => status === 200 || status === 410)).toBe(true);
        const winner = answers.findIndex((answer) => answer.status === 200);
        const row = await userOf(email);
        expect(row.emailConfirmedAt).not.toBeNull();
        // The one that acted decided the password: cleared by "not mine", kept by the password.
        if (winner % 2 === 0) expect(row.passwordHash).toBeNull();
        else expect(row.passwordHash).toBe(registrantHash);
        // One session: the winner's (the request's own session opened before the race ended).
        expect(await activeSessions(id)).toHaveLength(1);
      }
    },
    SLOW,
  );
});

describe('change-phone and numbers of other accounts (decision 151)', () => {
  /** An account that confirmed `phone`. */
  async function phoneOwner() {
    const phone = `+4917${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
    await db()
      .insert(users)
      .values({ email: uniqueEmail('owner'), phone, phoneConfirmedAt: new Date() });
    return phone;
  }

  const freePhone = () => `+4916${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

  it('answers "already registered" five times a day per account, then refuses every number', async () => {
    const prober = await signedUser(db());
    for (let probe = 0; probe < 5; probe += 1) {
      const taken = await call('changePhone', 'change-phone', {
        payload: { phone: await phoneOwner() },
        token: prober.token,
      });
      expect(taken.status).toBe(422);
      expect(taken.body.message).toBe('This phone number is already registered');
    }
    // Now a taken number and a free one are answered alike, whatever address asks.
    const taken = await call('changePhone', 'change-phone', {
      payload: { phone: await phoneOwner() },
      token: prober.token,
    });
    const free = await call('changePhone', 'change-phone', {
      payload: { phone: freePhone() },
      token: prober.token,
    });
    expect(taken.status).toBe(429);
    expect(free.status).toBe(429);
    expect(free.body.message).toBe(taken.body.message);
  });

  it('does not count free numbers, nor numbers only claimed by others (147)', async () => {
    const traveller = await signedUser(db());
    const other = await signedUser(db());
    for (let change = 0; change < 7; change += 1) {
      const phone = freePhone();
      // Another account claims the number without confirming it: it is still free.
      await call('changePhone', 'change-phone', { payload: { phone }, token: other.token });
      const changed = await call('changePhone', 'change-phone', {
        payload: { phone },
        token: traveller.token,
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ phone, is_phone_confirmed: false });
    }
  });
});
