/**
 * Mail to a stranger's inbox (security probe 2026-12-07, `mail_flood`): from one visitor address,
 * solving the captcha of the per-address limit as often as asked, 30 programme orders and follows
 * queued 30 e-mails with their PDFs to one address and subscribed it to 15 tours. Now every
 * message the tour actions send counts against its recipient's caps (an hour, a day, whoever
 * asks, no captcha lifts them), and a follow by an address nobody proved sends one confirmation
 * e-mail: the follow, its programme and the new-date e-mails start when its link is confirmed.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import {
  outbox,
  outboxAttachments,
  siteSettings,
  tourProgramRequests,
  tours,
} from '#src/db/schema/index.ts';
import type { LimitOptions, RateLimiter, RateLimits } from '#src/http/rate-limit.ts';
import {
  createTourMailLimits,
  TOUR_MAILS_PER_DAY,
  TOUR_MAILS_PER_HOUR,
} from '#src/modules/accounts/index.ts';
import { publicTour } from '#src/modules/catalog/index.ts';
import { readSiteSettings } from '#src/modules/content/index.ts';
import { signServiceToken } from '#src/modules/sessions/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { signedUser } from '#src/testing/signed-user.ts';
import { FOLLOW_LINK_TTL_MS, followToken, readFollowToken } from './follow-confirmation.ts';
import { unfollowToken } from './unfollow.ts';

let testApp: TestApp;
let db: Database;
let published: (typeof tours.$inferSelect)[];
const SECRET = 'follower-secret-for-tests';
const publicUrl = 'https://gallop.example';

beforeAll(async () => {
  testApp = await buildTestApp(
    { FOLLOWER_SECRET: SECRET, PUBLIC_URL: publicUrl },
    {
      captchaDifficulty: {
        captcha: { cost: 10, counter: [1, 50] },
        hard_captcha: { cost: 10, counter: [100, 200] },
      },
    },
  );
  db = testApp.database.db;
  // Tours with a page: published, their organizer shown.
  published = await db.select().from(tours).where(publicTour()).orderBy(asc(tours.id)).limit(20);
});
afterAll(() => testApp.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** The web server on the same machine, as the API sees it: the visitor is its X-Forwarded-For. */
const WEB_SERVER = '127.0.0.1';
const visitor = () =>
  `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const uniqueEmail = () => `follower-${randomUUID()}@example.com`;

async function call(
  operationId: OperationId,
  method: 'GET' | 'POST',
  url: string,
  payload: object | undefined,
  { ip = visitor(), headers = {} }: { ip?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Json }> {
  const response = await testApp.app.inject({
    method,
    url,
    remoteAddress: WEB_SERVER,
    headers: { 'x-forwarded-for': ip, ...headers },
    ...(payload ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    body: expectContractResponse(response, operationId) as Json,
  };
}

const subscribe = (body: object, options?: Parameters<typeof call>[4]) =>
  call('subscribeTourProgram', 'POST', '/spa/subscribe-tour-program', body, options);
const orderByEmail = (body: object, options?: Parameters<typeof call>[4]) =>
  call('orderTourProgramViaEmail', 'POST', '/spa/tour-program-order-via-email', body, options);
const confirm = (token: string, ip?: string) =>
  call('confirmTourFollow', 'POST', '/spa/confirm-tour-follow', { token }, { ip });
const readLink = (token: string) =>
  call(
    'getTourFollowConfirmation',
    'GET',
    `/spa/confirm-tour-follow?token=${encodeURIComponent(token)}`,
    undefined,
  );

async function solve(level = 'captcha'): Promise<string> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/node-api/captcha/challenge?level=${level}`,
  });
  const challenge = expectContractResponse(response, 'getCaptchaChallenge') as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const messagesTo = (recipient: string) =>
  db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(asc(outbox.id));

const subscriptionsOf = (email: string) =>
  db
    .select()
    .from(tourProgramRequests)
    .where(
      and(
        eq(tourProgramRequests.channel, 'subscription'),
        sql`lower(${tourProgramRequests.email}) = ${email.toLowerCase()}`,
      ),
    );

/** The token of the last follow confirmation link e-mailed to `email`. */
async function confirmationToken(email: string): Promise<string> {
  const confirmations = (await messagesTo(email)).filter(
    (message) => message.kind === 'tour-follow-confirm',
  );
  const link = /press Follow: (\S+)/.exec(confirmations.at(-1)?.body ?? '')?.[1];
  expect(link, 'the confirmation e-mail carries the link').toBeDefined();
  const url = new URL(link!);
  expect(`${url.origin}${url.pathname}`).toBe(`${publicUrl}/follow`);
  return url.searchParams.get('token')!;
}

describe('mail to one inbox from the tour actions (probe mail_flood)', () => {
  it('30 orders and follows from one visitor solving every captcha: at most the hourly cap arrives, nothing is followed', async () => {
    const victim = `victim-inbox-${randomUUID()}@probe.test`;
    const ip = visitor();
    const statuses: number[] = [];
    let captchas = 0;
    let refusal: Json | undefined;
    for (let i = 0; i < 30; i += 1) {
      const body = { email: victim, tour_id: published[i % published.length]!.id };
      const send = (headers: Record<string, string> = {}) =>
        i % 2 ? subscribe(body, { ip, headers }) : orderByEmail(body, { ip, headers });
      let answer = await send();
      // The per-address limit asks for a captcha: the probe solved each one.
      if (answer.status === 429 && !/this address/.test(answer.body.message as string)) {
        captchas += 1;
        answer = await send({ 'x-captcha': await solve(answer.body.type as string) });
      }
      statuses.push(answer.status);
      if (answer.status === 429) refusal = answer.body;
    }
    expect(captchas).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 200)).toHaveLength(TOUR_MAILS_PER_HOUR);
    expect(refusal).toEqual({
      message: 'Too many messages were sent to this address. Please try again in an hour.',
      type: expect.stringMatching(/^(captcha|hard_captcha)$/),
    });
    const queued = await messagesTo(victim);
    expect(queued).toHaveLength(TOUR_MAILS_PER_HOUR);
    // The follows sent a short confirmation each, with no PDF; nothing was followed.
    const confirmations = queued.filter((message) => message.kind === 'tour-follow-confirm');
    expect(confirmations.length).toBeGreaterThan(0);
    for (const message of confirmations) {
      const files = await db
        .select()
        .from(outboxAttachments)
        .where(eq(outboxAttachments.outboxId, message.id));
      expect(files).toHaveLength(0);
    }
    expect(await subscriptionsOf(victim)).toHaveLength(0);
  });

  it('counts across visitor addresses, and a solved captcha does not lift the cap', async () => {
    const victim = `victim-${randomUUID()}@probe.test`;
    const tourId = published[0]!.id;
    for (let n = 0; n < TOUR_MAILS_PER_HOUR; n += 1) {
      expect((await orderByEmail({ email: victim, tour_id: tourId })).status).toBe(200);
    }
    // Another visitor, another letter case, a fresh captcha: still refused, nothing queued.
    const refused = await subscribe(
      { email: victim.toUpperCase(), tour_id: tourId },
      { headers: { 'x-captcha': await solve() } },
    );
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many messages were sent to this address/);
    expect(await messagesTo(victim)).toHaveLength(TOUR_MAILS_PER_HOUR);
    expect(await messagesTo(victim.toUpperCase())).toHaveLength(0);
    // Another inbox is not affected.
    expect((await orderByEmail({ email: uniqueEmail(), tour_id: tourId })).status).toBe(200);
  });

  it('holds the cap for 20 orders and follows at once from 20 addresses', async () => {
    const victim = `victim-race-${randomUUID()}@probe.test`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const body = { email: victim, tour_id: published[i % published.length]!.id };
        return i % 2 ? subscribe(body) : orderByEmail(body);
      }),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([
      ...Array<number>(TOUR_MAILS_PER_HOUR).fill(200),
      ...Array<number>(20 - TOUR_MAILS_PER_HOUR).fill(429),
    ]);
    expect(await messagesTo(victim)).toHaveLength(TOUR_MAILS_PER_HOUR);
  });

  it('caps WhatsApp programmes per phone too', async () => {
    const { site_tokens: tokens } = await readSiteSettings(db, ['site_tokens']);
    const write = (value: typeof tokens) =>
      db
        .insert(siteSettings)
        .values({ key: 'site_tokens', value })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
    await write({ ...tokens, send_tour_program_in_pdf_via_whatsapp: true });
    try {
      const phone = `+4917${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
      const statuses: number[] = [];
      for (let n = 0; n <= TOUR_MAILS_PER_HOUR; n += 1) {
        const answer = await call(
          'orderTourProgramViaWhatsapp',
          'POST',
          '/spa/tour-program-order-via-whatsapp',
          { phone, tour_id: published[0]!.id },
        );
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([...Array<number>(TOUR_MAILS_PER_HOUR).fill(200), 429]);
      expect(await messagesTo(phone)).toHaveLength(TOUR_MAILS_PER_HOUR);
    } finally {
      await write(tokens);
    }
  });

  it('refuses bad input before counting', async () => {
    const email = uniqueEmail();
    // An unknown tour and an unknown currency are 422 and count nothing.
    for (let n = 0; n < TOUR_MAILS_PER_HOUR + 2; n += 1) {
      const unknown = await orderByEmail({ email, tour_id: 2_000_000_000 });
      expect(unknown.status).toBe(422);
    }
    expect((await orderByEmail({ email, tour_id: published[0]!.id })).status).toBe(200);
  });
});

describe('the caps per recipient, an hour and a day', () => {
  /** Limits on a clock of the test's own: counts per key in windows that end when it says. */
  function clockedLimits() {
    let now = 0;
    const limits: RateLimits = {
      limiter({ limit, windowMs }: LimitOptions): RateLimiter {
        const windows = new Map<string, { start: number; count: number }>();
        return {
          async allow(key) {
            const open = windows.get(key);
            const window = open && now - open.start < windowMs ? open : { start: now, count: 0 };
            window.count += 1;
            windows.set(key, window);
            return window.count <= limit
              ? { allowed: true }
              : { allowed: false, captcha: 'captcha' };
          },
          async refund() {},
        };
      },
    };
    return { limits, advance: (ms: number) => (now += ms) };
  }

  it('refuses past the hourly cap until the hour ends, and past the daily cap until the day ends', async () => {
    const { limits, advance } = clockedLimits();
    const caps = createTourMailLimits({ rateLimits: limits });
    const inbox = 'Someone@Example.com';
    let sent = 0;
    const attempt = async () => {
      try {
        await caps.beforeSending(inbox);
        sent += 1;
        return 'sent';
      } catch (error) {
        return (error as Error).message;
      }
    };
    for (let n = 0; n < TOUR_MAILS_PER_HOUR; n += 1) expect(await attempt()).toBe('sent');
    expect(await attempt()).toMatch(/try again in an hour/);
    // The next hours, until the day's cap.
    while (sent < TOUR_MAILS_PER_DAY) {
      advance(60 * 60_000);
      for (let n = 0; n < TOUR_MAILS_PER_HOUR && sent < TOUR_MAILS_PER_DAY; n += 1) {
        expect(await attempt()).toBe('sent');
      }
    }
    advance(60 * 60_000);
    expect(await attempt()).toBe(
      'Too many messages were sent to this address today. Please try again tomorrow.',
    );
    // The same inbox in another letter case is the same inbox.
    await expect(caps.beforeSending(' someone@example.COM ')).rejects.toThrow(/today/);
    advance(24 * 60 * 60_000);
    expect(await attempt()).toBe('sent');
  });
});

describe('following a tour with an address nobody proved (double opt-in)', () => {
  it('e-mails one confirmation link; the follow and its programme start when the link is confirmed', async () => {
    const email = uniqueEmail();
    const tour = published[1]!;
    const asked = await subscribe({ email, tour_id: tour.id, currency: 'EUR' });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ result: true, following: false });
    const subscriberId = asked.body.subscriber_id as string;
    expect(subscriberId).toMatch(/^[0-9a-f-]{36}$/);

    const [confirmation, ...more] = await messagesTo(email);
    expect(more).toHaveLength(0);
    expect(confirmation).toMatchObject({
      kind: 'tour-follow-confirm',
      channel: 'email',
      subject: `Confirm that you want to follow ${tour.name}`,
    });
    expect(confirmation!.body).toContain('If it was not you, ignore this e-mail');
    expect(await subscriptionsOf(email)).toHaveLength(0);

    // Reading what the link is about changes nothing (a mail scanner may open it).
    const token = await confirmationToken(email);
    const summary = { id: tour.id, name: tour.name, slug: tour.slug };
    expect(await readLink(token)).toEqual({
      status: 200,
      body: { tour: summary, email, following: false },
    });
    expect(await subscriptionsOf(email)).toHaveLength(0);

    expect(await confirm(token)).toEqual({ status: 200, body: { result: true, tour: summary } });
    const [subscription, ...others] = await subscriptionsOf(email);
    expect(others).toHaveLength(0);
    expect(subscription).toMatchObject({ tourId: tour.id, currency: 'EUR', subscriberId });
    const programme = (await messagesTo(email)).find((message) => message.kind === 'tour-program');
    expect(programme?.body).toContain('Stop e-mails about this tour:');
    expect(programme?.payload).toMatchObject({ unsubscribeUrl: expect.any(String) });
    expect(await readLink(token)).toMatchObject({ body: { following: true } });

    // A second click sends nothing again.
    expect((await confirm(token)).status).toBe(200);
    expect(await messagesTo(email)).toHaveLength(2);
    expect(await subscriptionsOf(email)).toHaveLength(1);
  });

  it("follows at once for the signed-in caller's own confirmed address, not for another", async () => {
    const owner = await signedUser(db);
    const tourId = published[2]!.id;
    const auth = { 'x-authorization': `Bearer ${owner.token}` };
    const own = await subscribe(
      { email: owner.email.toUpperCase(), tour_id: tourId },
      {
        headers: auth,
      },
    );
    expect(own.body).toMatchObject({ result: true, following: true });
    expect((await messagesTo(owner.email.toUpperCase())).map((m) => m.kind)).toEqual([
      'tour-program',
    ]);
    expect(await subscriptionsOf(owner.email)).toHaveLength(1);

    const other = uniqueEmail();
    const forOther = await subscribe({ email: other, tour_id: tourId }, { headers: auth });
    expect(forOther.body).toMatchObject({ following: false });
    expect((await messagesTo(other)).map((m) => m.kind)).toEqual(['tour-follow-confirm']);

    const unconfirmed = await signedUser(db, { emailConfirmed: false });
    const unproven = await subscribe(
      { email: unconfirmed.email, tour_id: tourId },
      { headers: { 'x-authorization': `Bearer ${unconfirmed.token}` } },
    );
    expect(unproven.body).toMatchObject({ following: false });
    expect(await subscriptionsOf(unconfirmed.email)).toHaveLength(0);
  });

  it('refuses an unknown tour or currency before anything is sent', async () => {
    const email = uniqueEmail();
    expect((await subscribe({ email, tour_id: 2_000_000_000 })).status).toBe(422);
    const currency = await subscribe({ email, tour_id: published[0]!.id, currency: 'XXX' });
    expect([400, 422]).toContain(currency.status);
    expect(await messagesTo(email)).toHaveLength(0);
  });

  it('refuses a forged, expired or foreign link with 422, and a gone tour with 404', async () => {
    const email = uniqueEmail();
    const tourId = published[0]!.id;
    const genuine = followToken(SECRET, { tourId, email });
    expect(readFollowToken(SECRET, genuine)).toMatchObject({ tourId, email });
    const expired = followToken(SECRET, { tourId, email }, Date.now() - FOLLOW_LINK_TTL_MS - 1000);
    const forged = [
      followToken('another-secret-of-16-chars', { tourId, email }),
      `${genuine.split('.')[0]}.${'A'.repeat(43)}`,
      expired,
      // Signed with the right secret, but an unfollow link.
      unfollowToken(SECRET, { tourId, email }),
      signServiceToken(SECRET, { use: 'follow', tour: 'one', email }, 60_000).token,
      'not-a-token',
    ];
    for (const token of forged) {
      for (const answer of [await confirm(token), await readLink(token)]) {
        expect(answer.status, token).toBe(422);
        expect(answer.body).toMatchObject({
          message: 'This follow link is not valid',
          errors: { token: [expect.any(String)] },
        });
      }
    }
    expect(await subscriptionsOf(email)).toHaveLength(0);
    const gone = followToken(SECRET, { tourId: 2_000_000_000, email });
    expect(await confirm(gone)).toMatchObject({ status: 404, body: { message: 'Tour not found' } });
    expect(await readLink(gone)).toMatchObject({ status: 404 });
  });

  it('limits bogus confirmations per visitor address, never a genuine link', async () => {
    const ip = visitor();
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1) statuses.push((await confirm(`bogus-${n}`, ip)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(422), 429]);
    const email = uniqueEmail();
    const token = followToken(SECRET, { tourId: published[3]!.id, email });
    expect((await confirm(token, ip)).status).toBe(200);
  });
});
