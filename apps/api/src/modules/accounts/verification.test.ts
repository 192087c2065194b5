import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { organizers } from '#src/db/schema/index.ts';
import { chatAccount, unoccupiedOrganizer } from '#src/modules/chat/testing.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller } from '#src/testing/call.ts';
import { verifyServiceToken } from '#src/modules/sessions/index.ts';
import { DEV_VERIFICATION_SECRET } from '#src/modules/operations/index.ts';
import { VERIFICATION_PROVIDER } from './verification.ts';

const SERVICE_URL = 'https://verify.example.test/flow/';
const SECRET = 'verification-secret-for-tests';
let testApp: TestApp;
let db: Database;

beforeAll(async () => {
  testApp = await buildTestApp({
    VERIFICATION_SERVICE_URL: SERVICE_URL,
    VERIFICATION_SECRET: SECRET,
  });
  db = testApp.database.db;
});
afterAll(() => testApp.close());

const call = contractCaller(() => testApp.app);
const tokenUrl = (id: number) => `/crm/api/user/get-verification-access-token?orgId=${id}`;
const dataUrl = (id: number) => `/crm/api/user/verification-data?orgId=${id}`;

describe('identity verification of organizers', () => {
  it('gives the staff of an organizer a signed short-lived token', async () => {
    const organizer = await unoccupiedOrganizer(db);
    const member = await chatAccount(db, 'organizer', organizer.id);
    const answer = await call('getVerificationAccessToken', 'GET', tokenUrl(organizer.id), {
      token: member.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body['provider']).toBe(VERIFICATION_PROVIDER);
    const payload = verifyServiceToken(SECRET, answer.body['token'] as string);
    expect(payload).toMatchObject({ sub: member.user.id, org: organizer.id });
    const lifetime = (payload!['exp'] as number) - (payload!['iat'] as number);
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(15 * 60);
    // Signed with the configured secret, not the development one; and it expires.
    expect(verifyServiceToken(DEV_VERIFICATION_SECRET, answer.body['token'] as string)).toBe(
      undefined,
    );
    expect(
      verifyServiceToken(SECRET, answer.body['token'] as string, Date.now() + 16 * 60_000),
    ).toBeUndefined();
  });

  it("reports the organizer's state and where to continue", async () => {
    const organizer = await unoccupiedOrganizer(db);
    const member = await chatAccount(db, 'organizer', organizer.id);
    const [{ passportCheck: original }] = (await db
      .select({ passportCheck: organizers.passportCheck })
      .from(organizers)
      .where(eq(organizers.id, organizer.id))) as [{ passportCheck: number }];
    // The seeded catalogue is shared on PostgreSQL: the check is put back afterwards.
    onTestFinished(async () => {
      await db
        .update(organizers)
        .set({ passportCheck: original })
        .where(eq(organizers.id, organizer.id));
    });
    await db.update(organizers).set({ passportCheck: 2 }).where(eq(organizers.id, organizer.id));
    const failed = await call('getVerificationData', 'GET', dataUrl(organizer.id), {
      token: member.token,
    });
    expect(failed.status).toBe(200);
    expect(failed.body).toEqual({
      status: 2,
      provider: VERIFICATION_PROVIDER,
      url: `https://verify.example.test/flow/start?org=${organizer.id}`,
    });
    await db.update(organizers).set({ passportCheck: 1 }).where(eq(organizers.id, organizer.id));
    const verified = await call('getVerificationData', 'GET', dataUrl(organizer.id), {
      token: member.token,
    });
    expect(verified.body).toEqual({ status: 1, provider: VERIFICATION_PROVIDER, url: null });
  });

  it('answers 401 signed out and 404 to clients and other organizers; support may look', async () => {
    const organizer = await unoccupiedOrganizer(db);
    const other = await unoccupiedOrganizer(db, organizer.id);
    const outsider = await chatAccount(db, 'organizer', other.id);
    const client = await chatAccount(db, 'client');
    const support = await chatAccount(db, 'support');
    for (const [operation, url] of [
      ['getVerificationAccessToken', tokenUrl(organizer.id)],
      ['getVerificationData', dataUrl(organizer.id)],
    ] as const) {
      expect((await call(operation, 'GET', url)).status, operation).toBe(401);
      for (const viewer of [outsider, client]) {
        expect((await call(operation, 'GET', url, { token: viewer.token })).status).toBe(404);
      }
      expect((await call(operation, 'GET', url, { token: support.token })).status).toBe(200);
    }
    const [last] = await db
      .select({ id: organizers.id })
      .from(organizers)
      .orderBy(asc(organizers.id))
      .limit(1);
    expect(
      (
        await call('getVerificationData', 'GET', dataUrl(last!.id + 1_000_000), {
          token: support.token,
        })
      ).status,
    ).toBe(404);
  });
});
