/**
 * Proving an address or a phone (decision 147; security walk 2026-12-06, items 1 and 2). An
 * attacker registered a victim's address with a password and kept the session; the victim's code
 * sign-in confirmed the address and joined their guest bookings (riders' weights) to the account
 * the attacker still held. A phone set without its code blocked its owner's registration and took
 * their code sign-in. On PostgreSQL (CI) the simultaneous calls really overlap.
 */
import { and, eq, isNull, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, userSessions } from '#src/db/schema/index.ts';
import { findBookableDate } from '#src/modules/bookings/testing.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { signedUser } from '#src/testing/signed-user.ts';
import { signUp, TEST_PASSWORD } from '#src/testing/sign-up.ts';
import { hashPassword } from './passwords.ts';
import { accountCalls, uniqueEmail, uniquePhone } from './testing.ts';

const ATTACKER_PASSWORD = 'Attacker-Chose-This-77!';

/** Registrations and password sign-ins each wait for a memory-hard hash. */
const SLOW = 120_000;

let testApp: TestApp;
let attackerHash: string;

beforeAll(async () => {
  attackerHash = await hashPassword(ATTACKER_PASSWORD);
  testApp = await buildTestApp({
    AUTH_LIMIT: '100000',
    AUTH_ACCOUNT_LIMIT: '100000',
    PUBLIC_WRITE_LIMIT: '100000',
  });
});
afterAll(() => testApp.close());

const { call, codeTo, linkTokenTo, profile } = accountCalls(() => testApp);
const db = () => testApp.database.db;

/** An attacker registers `email` with a password of theirs and signs in (before any proof). */
async function preRegister(email = uniqueEmail('victim')) {
  const registered = await call('register', 'register', {
    payload: {
      first_name: 'Eve',
      last_name: 'Mallory',
      email,
      password: ATTACKER_PASSWORD,
      confirm_password: ATTACKER_PASSWORD,
    },
  });
  expect(registered.status).toBe(200);
  const session = await passwordSignIn(email);
  expect(session.status).toBe(200);
  return { email, token: session.body.token as string, refresh: session.body.refresh_token };
}

/** An account as `register` leaves it (unconfirmed), with the attacker's password, in one insert. */
async function unconfirmedAccount(email = uniqueEmail('victim')) {
  await db()
    .insert(users)
    .values({ email, firstName: 'Eve', lastName: 'Mallory', passwordHash: attackerHash });
  return email;
}

const passwordSignIn = (login: string, password = ATTACKER_PASSWORD) =>
  call('login', 'auth', { payload: { login, password } });

/** The victim's guest booking with their address: one rider with a weight. */
async function guestBooking(email: string) {
  const date = await findBookableDate(db());
  const booked = await call('createBookingRequest', '/crm/api/request/create', {
    payload: {
      tour_id: date.tourId,
      tour_date_id: date.id,
      tourists: [{ first_name: 'Vera', last_name: 'Victim', weight: 82 }],
      contact: { name: 'Vera Victim', email, phone: '+12025550144' },
    },
  });
  expect(booked.status).toBe(201);
  return booked.body.id as number;
}

async function codeSignIn(login: string) {
  const sent = await call('sendAuthCode', 'send-auth-code', {
    payload: { login, code_sender: login.startsWith('+') ? 'sms' : 'email' },
  });
  expect(sent.status).toBe(200);
  return call('loginViaCode', 'auth-via-code', { payload: { login, code: await codeTo(login) } });
}

const bookingsOf = (token: string) =>
  call('listBookingRequests', '/crm/api/request/list', { token, method: 'GET' });

const activeSessions = (userId: number) =>
  db()
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)));

const userOf = async (email: string) =>
  (await db().select().from(users).where(eq(users.email, email)))[0]!;

describe('an address proven from outside the account (pre-registration takeover)', () => {
  it(
    "a code sign-in ends the registrant's sessions and password before the guest bookings join",
    async () => {
      const attacker = await preRegister();
      // The attacker also confirmed a phone of theirs through the session they hold.
      const phone = uniquePhone();
      await call('changePhone', 'change-phone', { payload: { phone }, token: attacker.token });
      await call('sendConfirmationCode', 'send-confirmation-code', {
        payload: { code_sender: 'sms' },
        token: attacker.token,
      });
      const phoneCode = await codeTo(phone);
      const phoneConfirmed = await call('confirmPhone', 'confirm-phone', {
        payload: { code: phoneCode },
        token: attacker.token,
      });
      expect(phoneConfirmed.body).toMatchObject({ phone, is_phone_confirmed: true });
      const bookingId = await guestBooking(attacker.email);
      expect((await bookingsOf(attacker.token)).body.items).toEqual([]);

      const victim = await codeSignIn(attacker.email);
      expect(victim.status).toBe(200);
      expect(victim.body.user).toMatchObject({ email: attacker.email, is_email_confirmed: true });

      // Nothing the attacker set up before the proof opens the account any more …
      expect((await profile(attacker.token)).status).toBe(401);
      expect((await bookingsOf(attacker.token)).status).toBe(401);
      const refreshed = await call('refreshToken', 'refresh-token', {
        payload: { refresh_token: attacker.refresh },
      });
      expect(refreshed.status).toBe(401);
      expect((await passwordSignIn(attacker.email)).status).toBe(401);
      expect((await passwordSignIn(phone)).status).toBe(401);
      const row = await userOf(attacker.email);
      expect(row.passwordHash).toBeNull();
      expect(row.phoneConfirmedAt).toBeNull();
      expect(await activeSessions(row.id)).toHaveLength(1);
      // … and the booking (with its rider's weight) is the victim's alone.
      const own = await bookingsOf(victim.body.token);
      expect(own.body.items.map((item: { id: number }) => item.id)).toEqual([bookingId]);
    },
    SLOW,
  );

  it(
    'the confirmation link answered with the password signed out or in another account ends the sessions, keeping the password; in its own session it keeps both',
    async () => {
      const signedOut = await preRegister();
      const link = await linkTokenTo(signedOut.email, 'confirm-email');
      // Outside the account's session the link asks the password first (decision 151).
      const asked = await call('confirmEmail', 'confirm-email', { payload: { token: link } });
      expect(asked.status).toBe(403);
      const opened = await call('confirmEmail', 'confirm-email', {
        payload: { token: link, password: ATTACKER_PASSWORD },
      });
      expect(opened.status).toBe(200);
      expect(opened.body.token).toEqual(expect.any(String));
      expect((await profile(signedOut.token)).status).toBe(401);
      // The registration link keeps the password chosen at registration (decision 147).
      expect((await passwordSignIn(signedOut.email)).status).toBe(200);
      expect((await profile(opened.body.token)).status).toBe(200);

      const elsewhere = await preRegister();
      const other = await signUp(testApp.app);
      const otherLink = await linkTokenTo(elsewhere.email, 'confirm-email');
      const confirmed = await call('confirmEmail', 'confirm-email', {
        payload: { token: otherLink, password: ATTACKER_PASSWORD },
        token: other.token,
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.token).toBeUndefined();
      expect((await profile(elsewhere.token)).status).toBe(401);
      expect((await passwordSignIn(elsewhere.email)).status).toBe(200);
      expect((await profile(other.token)).status).toBe(200);

      // The registrant opening their own link where they are signed in keeps both.
      const own = await preRegister();
      const ownLink = await linkTokenTo(own.email, 'confirm-email');
      const kept = await call('confirmEmail', 'confirm-email', {
        payload: { token: ownLink },
        token: own.token,
      });
      expect(kept.body).toMatchObject({ email: own.email, is_email_confirmed: true });
      expect((await profile(own.token)).status).toBe(200);
      expect((await passwordSignIn(own.email)).status).toBe(200);
    },
    SLOW,
  );

  it(
    'leaves no session opened with the password alive, however the sign-ins race the proof',
    async () => {
      for (let round = 0; round < 6; round += 1) {
        const email = await unconfirmedAccount();
        await call('sendAuthCode', 'send-auth-code', {
          payload: { login: email, code_sender: 'email' },
        });
        const code = await codeTo(email);
        const signIns = Array.from({ length: 10 }, () => passwordSignIn(email));
        const [proof, ...answers] = await Promise.all([
          call('loginViaCode', 'auth-via-code', { payload: { login: email, code } }),
          ...signIns,
        ]);
        expect(proof!.status).toBe(200);
        expect(answers.every((answer) => answer.status === 200 || answer.status === 401)).toBe(
          true,
        );
        const row = await userOf(email);
        expect(await activeSessions(row.id)).toHaveLength(1);
        for (const answer of answers.filter((a) => a.status === 200)) {
          expect((await profile(answer.body.token)).status).toBe(401);
        }
      }
    },
    SLOW,
  );
});

describe('a phone nobody confirmed (phone squatting)', () => {
  it(
    "blocks nobody and signs nobody in: the number's owner registers with it and signs in to their own account",
    async () => {
      const squatter = await signUp(testApp.app);
      const phone = uniquePhone();
      const claimed = await call('changePhone', 'change-phone', {
        payload: { phone },
        token: squatter.token,
      });
      expect(claimed.body).toMatchObject({ phone, is_phone_confirmed: false });
      // A claim is no login: the squatter's password does not sign in with it.
      expect((await passwordSignIn(phone, TEST_PASSWORD)).status).toBe(401);

      const registered = await call('registerWithoutPassword', 'register-without-password', {
        payload: { first_name: 'Real', phone, code_sender: 'sms' },
      });
      expect(registered).toEqual({ status: 200, body: { result: true, code_sender: 'sms' } });
      const owner = await call('loginViaCode', 'auth-via-code', {
        payload: { login: phone, code: await codeTo(phone) },
      });
      expect(owner.status).toBe(200);
      expect(owner.body.user).toMatchObject({
        first_name: 'Real',
        phone,
        is_phone_confirmed: true,
      });
      expect(owner.body.user.email).not.toBe(squatter.email);
      // Confirmed by its owner, the number is no longer claimed by the squatter.
      expect((await profile(squatter.token)).body).toMatchObject({ phone: null });
      // And now it is taken: the squatter cannot claim it again.
      const again = await call('changePhone', 'change-phone', {
        payload: { phone },
        token: squatter.token,
      });
      expect(again.status).toBe(422);
    },
    SLOW,
  );

  it(
    'gives one number one owner when two accounts confirm it at once',
    async () => {
      for (let round = 0; round < 10; round += 1) {
        const phone = uniquePhone();
        // One account confirms the number in its settings …
        const settings = await signedUser(db());
        await call('changePhone', 'change-phone', { payload: { phone }, token: settings.token });
        await call('sendConfirmationCode', 'send-confirmation-code', {
          payload: { code_sender: 'sms' },
          token: settings.token,
        });
        const confirmCode = await codeTo(phone);
        // … while another registers with it and signs in with its code.
        await call('registerWithoutPassword', 'register-without-password', {
          payload: { first_name: 'Other', phone, code_sender: 'sms' },
        });
        const signInCode = await codeTo(phone);
        const [confirmed, signedIn] = await Promise.all([
          call('confirmPhone', 'confirm-phone', {
            payload: { code: confirmCode },
            token: settings.token,
          }),
          call('loginViaCode', 'auth-via-code', { payload: { login: phone, code: signInCode } }),
        ]);
        expect([confirmed.status, signedIn.status].sort()).toEqual([200, 422]);
        const holders = await db()
          .select({ id: users.id, confirmedAt: users.phoneConfirmedAt })
          .from(users)
          .where(eq(users.phone, phone));
        expect(holders).toHaveLength(1);
        expect(holders[0]!.confirmedAt).not.toBeNull();
        const owners = await db()
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.phone, phone), isNotNull(users.phoneConfirmedAt)));
        expect(owners).toHaveLength(1);
        const others = await db()
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.phone, phone), ne(users.id, owners[0]!.id)));
        expect(others).toEqual([]);
      }
    },
    SLOW,
  );
});
