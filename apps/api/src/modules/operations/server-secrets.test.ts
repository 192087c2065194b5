import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { organizers, outbox, serverSecrets, tours } from '#src/db/schema/index.ts';
import { publicTour } from '#src/modules/catalog/index.ts';
import { verifyServiceToken } from '#src/modules/sessions/index.ts';
import { chatAccount, unoccupiedOrganizer } from '#src/modules/chat/testing.ts';
import { readUnfollowToken } from '#src/modules/tour-actions/index.ts';
import { contractCaller } from '#src/testing/call.ts';
import { openTestDatabase } from '#src/testing/database.ts';
import { testEnv } from '#src/testing/env.ts';
import { captureLogs } from '#src/testing/logs.ts';
import {
  DEV_CALL_SECRET,
  DEV_VERIFICATION_SECRET,
  resolveInternalSecrets,
  resolveSharedSecrets,
  storedSecret,
} from './server-secrets.ts';

/** What FOLLOWER_SECRET fell back to before decision 061: it must sign nothing now. */
const OLD_FOLLOWER_CONSTANT = 'gallop-followers-development-secret';

let database: DatabaseHandle;
const testNames: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  // Only this file's made-up names: the real rows are shared by the files running beside it.
  if (testNames.length > 0) {
    await database.db.delete(serverSecrets).where(inArray(serverSecrets.name, testNames));
  }
  await database.close();
});

const testName = () => {
  const name = `test-${randomUUID()}`;
  testNames.push(name);
  return name;
};

/** The API as production runs it (NODE_ENV=production), over this file's database. */
async function productionApp(env: Record<string, string> = {}) {
  const logs = captureLogs();
  const app = buildApp(testEnv({ NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env }), {
    database,
    logStream: logs.stream,
  });
  await app.ready();
  return { app, logs };
}

describe('internal secrets, generated once per database (decision 061)', () => {
  it('agree between resolutions, also racing ones (several API processes on one database)', async () => {
    const name = testName();
    // On PostgreSQL these run on separate pooled connections, as separate processes would.
    const racing = await Promise.all([
      storedSecret(database.db, name),
      storedSecret(database.db, name),
      storedSecret(database.db, name),
    ]);
    const later = await storedSecret(database.db, name);
    expect(new Set([...racing, later]).size).toBe(1);
    expect(later).toMatch(/^[\w-]{43}$/);
    // Random per name (and so per database), not a constant.
    expect(await storedSecret(database.db, testName())).not.toBe(later);
  });

  it('a set variable wins; unset, the stored secret is used, with no constant anywhere', async () => {
    const configured = 'follower-secret-from-the-environment';
    const withVariable = await resolveInternalSecrets(database.db, {
      FOLLOWER_SECRET: configured,
    });
    const without = await resolveInternalSecrets(database.db, {});
    expect(withVariable.follower).toBe(configured);
    expect(without.follower).toBe(await storedSecret(database.db, 'follower'));
    expect(without.follower).not.toBe(OLD_FOLLOWER_CONSTANT);
    expect(without.paymentSandbox).toBe(await storedSecret(database.db, 'payment-sandbox'));
    expect(without.paymentSandbox).not.toBe(without.follower);
    expect(withVariable.paymentSandbox).toBe(without.paymentSandbox);
  });

  it('survive a restart: an unfollow link signed before it still unfollows after it', async () => {
    const [tour] = await database.db
      .select({ id: tours.id })
      .from(tours)
      .where(publicTour())
      .limit(1);
    const email = `restart-${randomUUID()}@example.com`;

    const before = await productionApp();
    let token: string;
    try {
      const followed = await before.app.inject({
        method: 'POST',
        url: '/spa/subscribe-tour-program',
        payload: { email, tour_id: tour!.id },
        remoteAddress: '10.61.0.1',
      });
      expect(followed.statusCode).toBe(200);
      // A signed-out follow starts from the link e-mailed to the address (decision 195).
      const [asked] = await database.db
        .select({ body: outbox.body })
        .from(outbox)
        .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'tour-follow-confirm')))
        .orderBy(desc(outbox.id))
        .limit(1);
      const followLink = /open this link and press Follow: (\S+)/.exec(asked?.body ?? '')?.[1];
      const confirmed = await before.app.inject({
        method: 'POST',
        url: '/spa/confirm-tour-follow',
        payload: { token: new URL(followLink!).searchParams.get('token') },
        remoteAddress: '10.61.0.1',
      });
      expect(confirmed.statusCode).toBe(200);
      const [message] = await database.db
        .select({ body: outbox.body })
        .from(outbox)
        .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'tour-program')))
        .orderBy(desc(outbox.id))
        .limit(1);
      const link = /Stop e-mails about this tour: (\S+)/.exec(message?.body ?? '')?.[1];
      token = new URL(link!).searchParams.get('token')!;
    } finally {
      await before.app.close();
    }
    // Signed with the database's secret, not with the old public constant.
    const stored = await storedSecret(database.db, 'follower');
    expect(readUnfollowToken(stored, token)).toEqual({ tourId: tour!.id, email });
    expect(readUnfollowToken(OLD_FOLLOWER_CONSTANT, token)).toBeUndefined();

    const after = await productionApp();
    try {
      const call = contractCaller(() => after.app);
      const query = `/spa/unsubscribe-tour-program?token=${encodeURIComponent(token)}`;
      const read = await call('getTourFollowing', 'GET', query);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ email, following: true });
      const done = await call('unsubscribeTourProgram', 'POST', '/spa/unsubscribe-tour-program', {
        payload: { token },
      });
      expect(done.status).toBe(200);
      expect((await call('getTourFollowing', 'GET', query)).body).toMatchObject({
        following: false,
      });
    } finally {
      await after.app.close();
    }
  });
});

describe('secrets shared with another service', () => {
  it('fall back to the development constants outside production only', () => {
    expect(resolveSharedSecrets({})).toEqual({
      call: DEV_CALL_SECRET,
      verification: DEV_VERIFICATION_SECRET,
    });
    expect(resolveSharedSecrets({ NODE_ENV: 'production' })).toEqual({
      call: undefined,
      verification: undefined,
    });
    const set = { CALL_SECRET: 'call-secret-of-the-service', VERIFICATION_SECRET: 'verify-secret' };
    expect(resolveSharedSecrets({ NODE_ENV: 'production', ...set })).toEqual({
      call: set.CALL_SECRET,
      verification: set.VERIFICATION_SECRET,
    });
  });

  describe('in production', () => {
    let unset: { app: FastifyInstance; logs: ReturnType<typeof captureLogs> };
    let configured: { app: FastifyInstance; logs: ReturnType<typeof captureLogs> };
    const SERVICE_URL = 'https://verify.example.test';
    const CALL_SECRET = 'call-secret-the-call-service-holds';
    const VERIFICATION_SECRET = 'verification-secret-the-service-holds';
    beforeAll(async () => {
      unset = await productionApp({ VERIFICATION_SERVICE_URL: SERVICE_URL });
      configured = await productionApp({
        VERIFICATION_SERVICE_URL: SERVICE_URL,
        CALL_SECRET,
        VERIFICATION_SECRET,
      });
    });
    afterAll(async () => {
      await unset.app.close();
      await configured.app.close();
    });

    const warnings = (logs: ReturnType<typeof captureLogs>) =>
      logs.entries.filter((entry) => entry['level'] === 40).map((entry) => entry['variable']);

    it('warn once at start about each unset one, and about nothing when both are set', () => {
      expect(warnings(unset.logs).filter(Boolean).sort()).toEqual([
        'CALL_SECRET',
        'VERIFICATION_SECRET',
      ]);
      const callWarning = unset.logs.entries.find((entry) => entry['variable'] === 'CALL_SECRET');
      expect(callWarning?.['msg']).toMatch(/CALL_SECRET is not set: web calls are off/);
      expect(warnings(configured.logs).filter(Boolean)).toEqual([]);
    });

    it('without CALL_SECRET, web calls are off; with it, tokens are signed with it', async () => {
      const organizer = await unoccupiedOrganizer(database.db);
      const { token } = await chatAccount(database.db, 'client');
      const url = `/crm/api/phone-code/web-call-data?organizer_id=${organizer.id}`;
      const off = await contractCaller(() => unset.app)('getWebCallData', 'GET', url, { token });
      expect(off.status).toBe(200);
      expect(off.body).toEqual({ enabled: false, token: null, number: null });

      const on = await contractCaller(() => configured.app)('getWebCallData', 'GET', url, {
        token,
      });
      expect(on.body['enabled']).toBe(true);
      expect(verifyServiceToken(CALL_SECRET, on.body['token'] as string)).toBeDefined();
      expect(verifyServiceToken(DEV_CALL_SECRET, on.body['token'] as string)).toBeUndefined();
    });

    it('without VERIFICATION_SECRET, no access token and no service url', async () => {
      const organizer = await unoccupiedOrganizer(database.db);
      const member = await chatAccount(database.db, 'organizer', organizer.id);
      // Not verified yet, so a configured service is where the staff goes next. The seeded
      // catalogue is shared on PostgreSQL: the check is put back afterwards.
      const [{ passportCheck }] = (await database.db
        .select({ passportCheck: organizers.passportCheck })
        .from(organizers)
        .where(eq(organizers.id, organizer.id))) as [{ passportCheck: number }];
      onTestFinished(async () => {
        await database.db
          .update(organizers)
          .set({ passportCheck })
          .where(eq(organizers.id, organizer.id));
      });
      await database.db
        .update(organizers)
        .set({ passportCheck: 0 })
        .where(eq(organizers.id, organizer.id));
      const tokenUrl = `/crm/api/user/get-verification-access-token?orgId=${organizer.id}`;
      const dataUrl = `/crm/api/user/verification-data?orgId=${organizer.id}`;
      const off = contractCaller(() => unset.app);
      const refused = await off('getVerificationAccessToken', 'GET', tokenUrl, {
        token: member.token,
      });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({
        message: 'Identity verification is not configured on this server',
      });
      const data = await off('getVerificationData', 'GET', dataUrl, { token: member.token });
      expect(data.status).toBe(200);
      expect(data.body['url']).toBeNull();

      const on = contractCaller(() => configured.app);
      const issued = await on('getVerificationAccessToken', 'GET', tokenUrl, {
        token: member.token,
      });
      expect(issued.status).toBe(200);
      expect(verifyServiceToken(VERIFICATION_SECRET, issued.body['token'] as string)).toBeDefined();
      const pointed = await on('getVerificationData', 'GET', dataUrl, { token: member.token });
      expect(pointed.body['url']).toBe(`${SERVICE_URL}/start?org=${organizer.id}`);
    });
  });
});
