/**
 * A change in the settings must not set its password after a reset that committed while it was
 * checked (decision 203's "Not covered", closed by decision 205): the change checked its
 * session and the current password, the owner's reset then set a new password and ended that
 * session, and the change still set its own password, from a session that no longer existed. A
 * thief holding a session and the old password took the account back from the owner's reset.
 *
 * Each round races a change (from a session signed in with the old password) against a reset of
 * one account of its own, the change started at offsets swept around the reset, and counts the
 * rounds whose final password is the change's although the reset answered 200: the reset then set
 * its password first (a reset after the change would have replaced it). On PostgreSQL (CI,
 * `api-postgres`) the calls really overlap; PGlite runs the same rounds one after another.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '#src/db/schema/index.ts';
import {
  findSignedByToken,
  openSession,
  revokeSession,
  type UserRow,
} from '#src/modules/sessions/index.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { sendPasswordReset } from './mail.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { changePassword } from './profile.ts';
import { accountWithPassword, passwordRaceAppForFile } from './testing.ts';

const { db, call, linkTokenTo, profile } = passwordRaceAppForFile();

const PASSWORD = 'saddle-up-2026';
const SITE = 'https://gallop.example';
const POSTGRES = testDatabaseKind() === 'postgres';
/** Rounds (fewer on PGlite: one connection, nothing overlaps), and how many at once. */
const ROUNDS = POSTGRES ? 64 : 8;
const AT_ONCE = 4;
/** What a session ended by the reset answers (`requireSigned`). */
const SIGNED_OUT = { status: 401, message: 'Unauthorized' };

let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

/** The password's hash of account `userId` now. */
async function hashNow(userId: number) {
  const [row] = await db()
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row!.passwordHash;
}

/**
 * One account, a session signed in with its password (the thief's), and a reset link mailed to
 * its address (the owner's); `change` and `reset` answer their calls.
 */
async function round(index: number) {
  const user = await accountWithPassword(db(), {
    email: `change-after-reset-${randomUUID()}@example.com`,
    passwordHash,
  });
  const email = user.email!;
  const signed = await call('login', 'auth', { payload: { login: email, password: PASSWORD } });
  expect(signed.status).toBe(200);
  const token = signed.body.token as string;
  await sendPasswordReset(db(), email, SITE);
  const resetToken = await linkTokenTo(email, 'reset-password', 'password_reset_token');
  const changed = `Thief#Keeps-It-${index}x`;
  const owners = `Owner#Takes-Back-${index}x`;
  return {
    userId: user.id,
    token,
    changed,
    owners,
    change: () =>
      call('changePassword', 'change-password', {
        payload: { old_password: PASSWORD, password: changed, confirm_password: changed },
        token,
      }),
    reset: () =>
      call('resetPassword', 'password-reset', {
        payload: { token: resetToken, password: owners },
      }),
  };
}

describe('a change in the settings against a reset', { timeout: 240_000 }, () => {
  it("never sets its password after the owner's reset, from the session the reset ended", async () => {
    // A span: how long one reset takes here; the change starts from 1.5 spans before the reset
    // (its check and its hash take about two) to half a span after.
    const probe = await round(-1);
    const started = performance.now();
    expect((await probe.reset()).status).toBe(200);
    const span = Math.max(performance.now() - started, 20);

    let overwritten = 0;
    let resetsFirst = 0;
    let changesRefused = 0;
    const play = async (index: number) => {
      const one = await round(index);
      const offset = (-1.5 + (2 * (index % 16)) / 15) * span;
      const [changed, reset] = await Promise.all([
        sleep(Math.max(offset, 0)).then(one.change),
        sleep(Math.max(-offset, 0)).then(one.reset),
      ]);
      // The change came first: the reset's link ended with the other ways in (410).
      expect([200, 410], JSON.stringify(reset.body)).toContain(reset.status);
      if (changed.status !== 200) {
        // The reset came first: the change's session ended, as any call of it tells.
        expect(
          { status: changed.status, message: changed.body.message },
          JSON.stringify(changed.body),
        ).toEqual(SIGNED_OUT);
        changesRefused += 1;
      }
      const hash = await hashNow(one.userId);
      if (reset.status === 200) {
        resetsFirst += 1;
        if (await verifyPassword(one.changed, hash)) overwritten += 1;
        else expect(await verifyPassword(one.owners, hash)).toBe(true);
        // Whatever the change answered, the session the reset ended stays ended.
        expect((await profile(one.token)).status).toBe(401);
      } else {
        expect(changed.status).toBe(200);
        expect(await verifyPassword(one.changed, hash)).toBe(true);
      }
    };
    for (let first = 0; first < ROUNDS; first += AT_ONCE) {
      await Promise.all(Array.from({ length: AT_ONCE }, (_, lane) => play(first + lane)));
    }
    expect(
      overwritten,
      `rounds where the change's password replaced the reset's (of ${resetsFirst} resets that set theirs; ${changesRefused} changes refused)`,
    ).toBe(0);
  });
});

/**
 * What the change answers when, under the lock, what it checked before no longer holds: its
 * `user` is the row read when its session was checked, and the account then moved on.
 */
describe('a change whose check no longer holds under the lock', () => {
  const uncounted = { count: async () => {}, refund: async () => {} };
  const NEW = 'Fresh#Trail-1987x';

  /** An account, a session of it, and the change of that session with the row read now. */
  async function checkedChange() {
    const user = await accountWithPassword(db(), {
      email: `change-checked-${randomUUID()}@example.com`,
      passwordHash,
    });
    const signed = await findSignedByToken(db(), (await openSession(db(), user.id)).token);
    const change = (checked: UserRow = user) =>
      changePassword(
        db(),
        { user: checked, sessionId: signed!.sessionId },
        { old_password: PASSWORD, password: NEW, confirm_password: NEW },
        uncounted,
        () => undefined,
      );
    return { user, sessionId: signed!.sessionId, change };
  }

  const storeHash = (userId: number, hash: string) =>
    db().update(users).set({ passwordHash: hash }).where(eq(users.id, userId));

  it('answers 401, as any call of it, when its session ended meanwhile, and sets nothing', async () => {
    const { user, sessionId, change } = await checkedChange();
    await revokeSession(db(), sessionId);
    await expect(change()).rejects.toMatchObject({ statusCode: 401, message: 'Unauthorized' });
    expect(await hashNow(user.id)).toBe(passwordHash);
  });

  it('answers 422 "Wrong password" when another password was set meanwhile, and sets nothing', async () => {
    const { user, change } = await checkedChange();
    const other = await hashPassword('Other#Password-42x');
    await storeHash(user.id, other);
    await expect(change()).rejects.toMatchObject({
      statusCode: 422,
      errors: { old_password: ['Wrong password'] },
    });
    expect(await hashNow(user.id)).toBe(other);
  });

  it('sets its password when the same password was only rehashed meanwhile', async () => {
    const { user, change } = await checkedChange();
    await storeHash(user.id, await hashPassword(PASSWORD));
    await change();
    expect(await verifyPassword(NEW, await hashNow(user.id))).toBe(true);
  });
});
