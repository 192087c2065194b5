/**
 * A new password ends every way in of before (`password-set.ts`; security probe 2026-12-07,
 * `signin_link_survives_reset`): someone holding a sign-in code asked `redirect-auth-via-code`
 * for a one-time sign-in link; the owner reset the password (every session 401), and the link
 * still opened a working session. A reset or a change in the settings now ends the sign-in links,
 * the sign-in codes and a waiting address change too. On PostgreSQL (CI, `api-postgres`) the
 * simultaneous calls really overlap.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#src/db/schema/index.ts';
import { sendCode } from './codes.ts';
import { sendPasswordReset } from './mail.ts';
import { hashPassword } from './passwords.ts';
import { signInLink } from './sign-in.ts';
import { accountWithPassword, passwordRaceAppForFile, uniqueEmail } from './testing.ts';

const { db, call, codeTo, linkTokenTo, profile } = passwordRaceAppForFile();

/** The 410 of a link that no longer works (`links.ts`, `expiredLink`). */
const EXPIRED_LINK = 'This link has expired or was already used. Please request a new one.';
const EXPIRED_CODE = 'The code has expired. Please request a new one.';
const PASSWORD = 'saddle-up-2026';
const SITE = 'https://gallop.example';

/** An account with a confirmed address and a password (files share one database: a fresh address). */
async function account({ confirmed = true } = {}) {
  const email = `ways-in-${randomUUID()}@example.com`;
  return accountWithPassword(db(), {
    email,
    passwordHash: await hashPassword(PASSWORD),
    confirmed,
  });
}

async function passwordSession(email: string) {
  const answer = await call('login', 'auth', { payload: { login: email, password: PASSWORD } });
  expect(answer.status).toBe(200);
  return answer.body.token as string;
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

/** The probe's way: a sign-in code, traded for a one-time sign-in link (no session yet). */
async function signInLinkFromCode(email: string) {
  const sent = await call('sendAuthCode', 'send-auth-code', {
    payload: { login: email, code_sender: 'email' },
  });
  expect(sent.status).toBe(200);
  const redirect = await call('redirectLoginViaCode', 'redirect-auth-via-code', {
    payload: { login: email, code: await codeTo(email), verify_method: 'email' },
  });
  expect(redirect.status).toBe(200);
  return tokenOf(redirect.body.url as string);
}

const followLink = (token: string) =>
  call('accessTokenByOneTimeToken', 'access-token-by-one-time-token', { payload: { token } });

/** Every way in a holder of the account could have kept, taken before the password is set. */
async function waysIn(user: { id: number; email: string | null }, session: string) {
  const email = user.email!;
  const link = await signInLinkFromCode(email);
  // A second code mailed and not used yet (the first one became the link).
  await sendCode(db(), { login: email, purpose: 'sign-in', sender: 'email', userId: user.id });
  const code = await codeTo(email);
  // An address change waiting for its link: a session of before may ask one for its own inbox.
  const elsewhere = uniqueEmail('elsewhere');
  const asked = await call('changeEmail', 'change-email', {
    payload: { email: elsewhere, password: PASSWORD },
    token: session,
  });
  expect(asked.status).toBe(200);
  expect(asked.body.pending_email).toBe(elsewhere);
  const changeLink = await linkTokenTo(elsewhere, 'confirm-email');
  expect(changeLink).not.toBe('');
  return { link, code, changeLink };
}

/** None of `waysIn` works any longer, and no address change waits. */
async function expectAllEnded(email: string, ways: Awaited<ReturnType<typeof waysIn>>) {
  const followed = await followLink(ways.link);
  expect(followed.status, 'the sign-in link of before still signs in').toBe(410);
  expect(followed.body.message).toBe(EXPIRED_LINK);
  const coded = await call('loginViaCode', 'auth-via-code', {
    payload: { login: email, code: ways.code },
  });
  expect(coded.status, 'the sign-in code of before still signs in').toBe(422);
  expect(coded.body.message).toBe(EXPIRED_CODE);
  const moved = await call('confirmEmail', 'confirm-email', {
    payload: { token: ways.changeLink },
  });
  expect(moved.status, 'the waiting change of before still moves the account').toBe(410);
  const [row] = await db().select().from(users).where(eq(users.email, email));
  expect(row!.pendingEmail).toBeNull();
}

describe('a password reset ends every way in of before (probe 2026-12-07)', () => {
  it('the sign-in link, the sign-in code and the waiting address change stop working', async () => {
    const user = await account();
    const session = await passwordSession(user.email!);
    const ways = await waysIn(user, session);

    await sendPasswordReset(db(), user.email!, SITE);
    const resetToken = await linkTokenTo(user.email!, 'reset-password', 'password_reset_token');
    const reset = await call('resetPassword', 'password-reset', {
      payload: { token: resetToken, password: 'Owner#Takes-Back-2027x' },
    });
    expect(reset.status).toBe(200);
    expect((await profile(session)).status).toBe(401);
    await expectAllEnded(user.email!, ways);
    // The reset's own session goes on.
    expect((await profile(reset.body.token as string)).status).toBe(200);
  });
});

describe('a password change in the settings ends every way in of before', () => {
  it('the sign-in link, the sign-in code and the waiting address change stop working', async () => {
    const user = await account();
    const session = await passwordSession(user.email!);
    const ways = await waysIn(user, session);

    const changed = await call('changePassword', 'change-password', {
      payload: {
        old_password: PASSWORD,
        password: 'fresh-trail-1987',
        confirm_password: 'fresh-trail-1987',
      },
      token: session,
    });
    expect(changed.status).toBe(200);
    await expectAllEnded(user.email!, ways);
    // The session that changed it stays.
    expect((await profile(session)).status).toBe(200);
  });

  it("keeps a registration's confirmation link: it confirms the account's own address", async () => {
    const user = await account({ confirmed: false });
    const session = await passwordSession(user.email!);
    const asked = await call('requestEmailConfirmation', 'email-confirmation-request', {
      token: session,
    });
    expect(asked.status).toBe(200);
    const confirmation = await linkTokenTo(user.email!, 'confirm-email');
    const changed = await call('changePassword', 'change-password', {
      payload: {
        old_password: PASSWORD,
        password: 'fresh-trail-1987',
        confirm_password: 'fresh-trail-1987',
      },
      token: session,
    });
    expect(changed.status).toBe(200);
    const confirmed = await call('confirmEmail', 'confirm-email', {
      payload: { token: confirmation },
      token: session,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.is_email_confirmed).toBe(true);
  });
});

describe('sign-in links followed while the password is set', () => {
  /**
   * Follows `links` in four lanes at once, from before `setting` starts until after it answered,
   * so some land before the new password, some while it is stored, some after.
   */
  async function followDuring(links: string[], setting: () => Promise<{ status: number }>) {
    let done = false;
    const set = setting().finally(() => {
      done = true;
    });
    const queue = [...links];
    const followed: Awaited<ReturnType<typeof followLink>>[] = [];
    let afterwards = 0;
    const lane = async () => {
      for (let link = queue.shift(); link !== undefined; link = queue.shift()) {
        followed.push(await followLink(link));
        if (done && (afterwards += 1) >= 4) return;
      }
    };
    await Promise.all([lane(), lane(), lane(), lane()]);
    expect((await set).status).toBe(200);
    return followed;
  }

  /** Each link either opened its session before (and the new password ended it) or was refused. */
  async function expectNoSessionLeft(followed: Awaited<ReturnType<typeof followLink>>[]) {
    expect(followed.some((answer) => answer.status === 410)).toBe(true);
    for (const answer of followed) {
      if (answer.status === 200) {
        expect((await profile(answer.body.token as string)).status).toBe(401);
      } else {
        expect(answer.status).toBe(410);
      }
    }
  }

  const links = async (user: Awaited<ReturnType<typeof account>>) =>
    Promise.all(
      Array.from({ length: 80 }, async () => tokenOf(await signInLink(db(), user, SITE))),
    );

  it('leaves no session to a link during a reset', async () => {
    for (let round = 0; round < 4; round += 1) {
      const user = await account();
      const pending = await links(user);
      await sendPasswordReset(db(), user.email!, SITE);
      const resetToken = await linkTokenTo(user.email!, 'reset-password', 'password_reset_token');
      const followed = await followDuring(pending, () =>
        call('resetPassword', 'password-reset', {
          payload: { token: resetToken, password: `Owner#Takes-Back-${round}x` },
        }),
      );
      await expectNoSessionLeft(followed);
    }
  });

  it('leaves no session to a link during a change in the settings', async () => {
    for (let round = 0; round < 4; round += 1) {
      const user = await account();
      const session = await passwordSession(user.email!);
      const pending = await links(user);
      const followed = await followDuring(pending, () =>
        call('changePassword', 'change-password', {
          payload: {
            old_password: PASSWORD,
            password: `fresh-trail-${round}987`,
            confirm_password: `fresh-trail-${round}987`,
          },
          token: session,
        }),
      );
      await expectNoSessionLeft(followed);
    }
  });
});
