import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { chats, contactPhones, organizers, phoneCodes } from '#src/db/schema/index.ts';
import { verifyServiceToken } from '#src/modules/sessions/index.ts';
import { chatAccount } from '#src/modules/chat/testing.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller } from '#src/testing/call.ts';
import { resolvePhoneCode } from './codes.ts';
import { DEV_CALL_SECRET } from '#src/modules/operations/index.ts';

const LIMIT = 4;
let testApp: TestApp;
let db: Database;

beforeAll(async () => {
  testApp = await buildTestApp({ PHONE_CODE_LIMIT: String(LIMIT) });
  db = testApp.database.db;
});
afterAll(() => testApp.close());

const call = contractCaller(() => testApp.app);

async function publishedOrganizers(count: number) {
  const rows = await db
    .select({ id: organizers.id })
    .from(organizers)
    .where(and(eq(organizers.isPublishedOnSite, true), gt(organizers.toursCount, 0)))
    .orderBy(asc(organizers.id))
    .limit(count);
  if (rows.length < count) throw new Error('the seed has too few organizers');
  return rows.map((row) => row.id);
}

/** A chat between a fresh traveller and a fresh member of an organizer. */
async function chatBetween(organizerId: number) {
  const traveller = await chatAccount(db, 'client');
  const staff = await chatAccount(db, 'organizer', organizerId);
  const [chat] = await db
    .insert(chats)
    .values({ kind: 'organizer', clientId: traveller.user.id, organizerId, title: 'Trail ride' })
    .returning();
  return { traveller, staff, chat: chat! };
}

describe('GET /crm/api/phone-code/organizer (getOrganizerPhoneCode)', () => {
  it('gives the line for the country (or the main one) and a code that routes to the organizer', async () => {
    const [organizerId] = await publishedOrganizers(1);
    const { token } = await chatAccount(db, 'client');
    const url = `/crm/api/phone-code/organizer?tour_organizer_id=${organizerId}&timezone=Europe/Berlin`;
    const first = await call('getOrganizerPhoneCode', 'GET', url, { token });
    expect(first.status).toBe(200);
    expect(first.body['code']).toMatch(/^\d{6}$/);
    const [main] = await db
      .select()
      .from(contactPhones)
      .where(and(eq(contactPhones.type, 'main'), sql`${contactPhones.entityKind} is null`));
    expect(first.body['phone']).toBe(main!.phone);
    expect(Date.parse(first.body['expires_at'] as string)).toBeGreaterThan(
      Date.now() + 25 * 60_000,
    );

    // Asking again while it lives gives the same code.
    const again = await call('getOrganizerPhoneCode', 'GET', url, { token });
    expect(again.body['code']).toBe(first.body['code']);

    const routed = await resolvePhoneCode(db, first.body['code'] as string);
    expect(routed).toMatchObject({
      targetKind: 'organizer',
      organizerId,
      timezone: 'Europe/Berlin',
    });
  });

  it("uses the caller's country line when Gallop has one there", async () => {
    const [local] = await db
      .select()
      .from(contactPhones)
      .where(eq(contactPhones.entityKind, 'country'))
      .limit(1);
    if (!local) return expect.fail('the seed has no country phone');
    const [organizerId] = await publishedOrganizers(1);
    const answer = await call(
      'getOrganizerPhoneCode',
      'GET',
      `/crm/api/phone-code/organizer?tour_organizer_id=${organizerId}&country_id=${local.entityId}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body['phone']).toBe(local.phone);
    expect(answer.body['formatted_phone']).toBe(local.formattedPhone);
  });

  it('issues a new code once the old one expired', async () => {
    const [organizerId] = await publishedOrganizers(1);
    const { token } = await chatAccount(db, 'client');
    const url = `/crm/api/phone-code/organizer?tour_organizer_id=${organizerId}`;
    const first = await call('getOrganizerPhoneCode', 'GET', url, { token });
    await db
      .update(phoneCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneCodes.code, first.body['code'] as string));
    expect(await resolvePhoneCode(db, first.body['code'] as string)).toBeUndefined();
    const second = await call('getOrganizerPhoneCode', 'GET', url, { token });
    expect(second.status).toBe(200);
    expect(second.body['code']).not.toBe(first.body['code']);
  });

  it('answers 404 for an unknown organizer and 400 for an unknown time zone', async () => {
    const unknown = await call(
      'getOrganizerPhoneCode',
      'GET',
      '/crm/api/phone-code/organizer?tour_organizer_id=2147480000',
    );
    expect(unknown.status).toBe(404);
    const [organizerId] = await publishedOrganizers(1);
    const zone = await call(
      'getOrganizerPhoneCode',
      'GET',
      `/crm/api/phone-code/organizer?tour_organizer_id=${organizerId}&timezone=Mars/Olympus`,
    );
    expect(zone.status).toBe(400);
    expect(zone.body['errors']).toHaveProperty('timezone');
  });

  it('asks for the captcha after too many new codes', async () => {
    const ids = await publishedOrganizers(LIMIT + 1);
    const { token } = await chatAccount(db, 'client');
    const statuses: number[] = [];
    for (const id of ids) {
      const answer = await call(
        'getOrganizerPhoneCode',
        'GET',
        `/crm/api/phone-code/organizer?tour_organizer_id=${id}`,
        { token },
      );
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.body).toMatchObject({ type: 'captcha' });
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
  });
});

describe('GET /crm/api/phone-code/user (getUserPhoneCode)', () => {
  it('gives both sides of a chat a code and refuses everybody else', async () => {
    const [organizerId] = await publishedOrganizers(1);
    const { traveller, staff, chat } = await chatBetween(organizerId!);
    const url = `/crm/api/phone-code/user?chat_id=${chat.id}`;
    expect((await call('getUserPhoneCode', 'GET', url)).status).toBe(401);
    for (const side of [traveller, staff]) {
      const answer = await call('getUserPhoneCode', 'GET', url, { token: side.token });
      expect(answer.status).toBe(200);
      expect((await resolvePhoneCode(db, answer.body['code'] as string))?.chatId).toBe(chat.id);
    }
    const stranger = await chatAccount(db, 'client');
    expect((await call('getUserPhoneCode', 'GET', url, { token: stranger.token })).status).toBe(
      404,
    );
  });
});

describe('GET /crm/api/phone-code/web-call-data (getWebCallData)', () => {
  it('gives a signed token and the line for a call to an organizer or about a chat', async () => {
    const [organizerId] = await publishedOrganizers(1);
    const { traveller, chat } = await chatBetween(organizerId!);
    expect(
      (
        await call(
          'getWebCallData',
          'GET',
          `/crm/api/phone-code/web-call-data?organizer_id=${organizerId}`,
        )
      ).status,
    ).toBe(401);
    for (const query of [`organizer_id=${organizerId}`, `chat_id=${chat.id}`]) {
      const answer = await call(
        'getWebCallData',
        'GET',
        `/crm/api/phone-code/web-call-data?${query}`,
        {
          token: traveller.token,
        },
      );
      expect(answer.status, query).toBe(200);
      expect(answer.body['enabled']).toBe(true);
      expect(answer.body['number']).toMatch(/^\+\d+$/);
      const payload = verifyServiceToken(DEV_CALL_SECRET, answer.body['token'] as string);
      expect(payload).toMatchObject({ sub: traveller.user.id });
      expect(payload!['kind']).toBe(query.startsWith('chat') ? 'chat' : 'organizer');
      expect(verifyServiceToken('another-secret-entirely', answer.body['token'] as string)).toBe(
        undefined,
      );
    }
  });

  it('says web calls to support are off, and wants exactly one target', async () => {
    const { token } = await chatAccount(db, 'client');
    const support = await call(
      'getWebCallData',
      'GET',
      '/crm/api/phone-code/web-call-data?is_support_call=1',
      {
        token,
      },
    );
    expect(support.status).toBe(200);
    expect(support.body).toEqual({ enabled: false, token: null, number: null });
    const none = await call('getWebCallData', 'GET', '/crm/api/phone-code/web-call-data', {
      token,
    });
    expect(none.status).toBe(400);
    const stranger = await chatBetween((await publishedOrganizers(1))[0]!);
    const foreign = await call(
      'getWebCallData',
      'GET',
      `/crm/api/phone-code/web-call-data?chat_id=${stranger.chat.id}`,
      { token },
    );
    expect(foreign.status).toBe(403);
    // Ids past PostgreSQL's integer range name nothing (no 500).
    for (const query of ['organizer_id=9007199254740994', 'chat_id=99999999999']) {
      const huge = await call(
        'getWebCallData',
        'GET',
        `/crm/api/phone-code/web-call-data?${query}`,
        {
          token,
        },
      );
      expect(huge.status, query).toBeLessThan(500);
    }
  });
});
