/**
 * `change-email` with the account's own address (walk 2026-12-07): it answered 200 with
 * `pending_email: null` and sent nothing, in any letter case, and the settings page said "We sent
 * a link to the new e-mail". With nothing waiting it is refused on `email`; with a change waiting
 * it still calls the change off ("Keep …", decision 141).
 */
import { and, count, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { signUp, TEST_PASSWORD } from '#src/testing/sign-up.ts';
import { ALREADY_YOUR_EMAIL } from './profile.ts';
import { accountCalls, uniqueEmail } from './testing.ts';

/** Registrations and password sign-ins each wait for a memory-hard hash. */
const SLOW = 120_000;

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ AUTH_LIMIT: '100000', PUBLIC_WRITE_LIMIT: '100000' });
});
afterAll(() => testApp.close());

const { call, profile } = accountCalls(() => testApp);

const changeEmail = (token: string, email: string, password?: string) =>
  call('changeEmail', 'change-email', {
    token,
    payload: { email, ...(password ? { password } : {}) },
  });

/** The newest outbox id: a call's messages come after it. */
async function lastOutboxId() {
  const [row] = await testApp.database.db.select({ id: max(outbox.id) }).from(outbox);
  return row?.id ?? 0;
}

async function mailsSince(id: number, recipient: string) {
  const [row] = await testApp.database.db
    .select({ n: count() })
    .from(outbox)
    .where(and(gt(outbox.id, id), eq(outbox.recipient, recipient)));
  return row!.n;
}

describe('change-email with the account’s own address', () => {
  it(
    'is refused on the field when nothing waits, in any letter case, and sends nothing',
    async () => {
      const email = uniqueEmail('own');
      const { token } = await signUp(testApp.app, { email });
      const before = await lastOutboxId();
      for (const typed of [email, email.toUpperCase(), email.replace('own', 'Own')]) {
        const answer = await changeEmail(token, typed, TEST_PASSWORD);
        expect(answer.status).toBe(422);
        expect(answer.body).toEqual({
          message: ALREADY_YOUR_EMAIL,
          errors: { email: [ALREADY_YOUR_EMAIL] },
        });
      }
      expect(ALREADY_YOUR_EMAIL).toBe('This is already your e-mail');
      expect(await mailsSince(before, email)).toBe(0);
      expect((await profile(token)).body).toMatchObject({ email, pending_email: null });
    },
    SLOW,
  );

  it(
    'still calls a waiting change off, without the password, in any letter case',
    async () => {
      const email = uniqueEmail('keep');
      const next = uniqueEmail('next');
      const { token } = await signUp(testApp.app, { email });
      const asked = await changeEmail(token, next, TEST_PASSWORD);
      expect(asked.body).toMatchObject({ email, pending_email: next });
      const kept = await changeEmail(token, email.toUpperCase());
      expect(kept.status).toBe(200);
      expect(kept.body).toMatchObject({ email, pending_email: null });
      // Kept once, there is nothing left to call off.
      expect((await changeEmail(token, email)).status).toBe(422);
    },
    SLOW,
  );
});
