/**
 * In production a one-time code is offered only by a channel that delivers it: e-mail with
 * SMTP_URL. An operator's walk found `send-auth-code` with `code_sender: "sms"` answering 200 in
 * production, the code going to the info log (readable by anyone with the logs) and never to
 * the traveller. Outside production every sender stays offered (the log and /dev/outbox).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '#src/contract.ts';
import { outbox, userCodes, users } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { signUp } from '#src/testing/sign-up.ts';

const PRODUCTION = { NODE_ENV: 'production' };
/** Never connected to: test apps keep messages queued (OUTBOX_TRANSPORT=off). */
const SMTP_URL = 'smtp://relay.invalid:25';

let withSmtp: TestApp;
let withoutSmtp: TestApp;
let development: TestApp;

beforeAll(async () => {
  [withSmtp, withoutSmtp, development] = await Promise.all([
    buildTestApp({ ...PRODUCTION, SMTP_URL }),
    buildTestApp(PRODUCTION),
    buildTestApp(),
  ]);
});
afterAll(() => Promise.all([withSmtp, withoutSmtp, development].map((app) => app?.close())));

const uniquePhone = () => `+1415${String(randomInt(0, 1e7)).padStart(7, '0')}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

async function call(
  testApp: TestApp,
  operationId: OperationId,
  method: 'GET' | 'POST',
  path: string,
  { payload, token }: { payload?: object; token?: string } = {},
): Promise<{ status: number; body: Json }> {
  const response = await testApp.app.inject({
    method,
    url: `/crm/api/user/${path}`,
    remoteAddress: `10.9.${randomInt(0, 256)}.${randomInt(1, 255)}`,
    headers: token ? { 'x-authorization': `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    body: expectContractResponse(response, operationId) as Json,
  };
}

/** A traveller with a phone number on the account (so a code would be sent to it). */
async function travellerWithPhone(testApp: TestApp) {
  const phone = uniquePhone();
  const { token } = await signUp(testApp.app, { phone });
  return { phone, token };
}

const queuedFor = (testApp: TestApp, recipient: string) =>
  testApp.database.db.select().from(outbox).where(eq(outbox.recipient, recipient));

describe('in production with SMTP_URL', () => {
  it('refuses a sign-in code by SMS with a 422 and queues nothing', async () => {
    const { phone } = await travellerWithPhone(withSmtp);
    for (const sender of ['sms', 'whatsapp', 'vk', 'telegram']) {
      const refused = await call(withSmtp, 'sendAuthCode', 'POST', 'send-auth-code', {
        payload: { login: phone, code_sender: sender },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.code_sender).toEqual([
        'Codes cannot be sent this way at the moment: please use your e-mail address.',
      ]);
    }
    expect(await queuedFor(withSmtp, phone)).toEqual([]);
    const codes = await withSmtp.database.db
      .select()
      .from(userCodes)
      .where(eq(userCodes.login, phone));
    expect(codes).toEqual([]);
  });

  it('sends a sign-in code by e-mail, not kept beyond its validity', async () => {
    const email = `rider-${randomUUID()}@example.com`;
    await signUp(withSmtp.app, { email });
    const sent = await call(withSmtp, 'sendAuthCode', 'POST', 'send-auth-code', {
      payload: { login: email, code_sender: 'email' },
    });
    expect(sent.status).toBe(200);
    const [message] = await queuedFor(withSmtp, email).then((rows) =>
      rows.filter((row) => row.kind === 'sign-in-code'),
    );
    const [code] = await withSmtp.database.db
      .select()
      .from(userCodes)
      .where(eq(userCodes.login, email));
    expect(message?.channel).toBe('email');
    // The outbox gives up on it when the code stops working (10 minutes), not after a day.
    expect(message!.expiresAt.getTime()).toBe(code!.expiresAt.getTime());
  });

  it('lists no phone confirmation method, and refuses one by name', async () => {
    const { token } = await travellerWithPhone(withSmtp);
    const methods = await call(
      withSmtp,
      'listPhoneConfirmationMethods',
      'GET',
      'phone-confirmation-methods',
      { token },
    );
    expect(methods).toEqual({ status: 200, body: { methods: [] } });
    const refused = await call(withSmtp, 'sendConfirmationCode', 'POST', 'send-confirmation-code', {
      payload: { code_sender: 'sms' },
      token,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.code_sender).toEqual([
      'Codes cannot be sent this way at the moment.',
    ]);
  });

  it('refuses a code registration by SMS', async () => {
    const phone = uniquePhone();
    const refused = await call(
      withSmtp,
      'registerWithoutPassword',
      'POST',
      'register-without-password',
      { payload: { first_name: 'Ada', last_name: 'Vale', phone, code_sender: 'sms' } },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors.code_sender).toBeDefined();
    expect(await queuedFor(withSmtp, phone)).toEqual([]);
  });
});

describe('in production without SMTP_URL', () => {
  it('refuses a sign-in code by e-mail too', async () => {
    const email = `rider-${randomUUID()}@example.com`;
    await signUp(withoutSmtp.app, { email });
    const refused = await call(withoutSmtp, 'sendAuthCode', 'POST', 'send-auth-code', {
      payload: { login: email, code_sender: 'email' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Codes cannot be sent this way at the moment.');
    expect((await queuedFor(withoutSmtp, email)).map((row) => row.kind)).not.toContain(
      'sign-in-code',
    );
  });
});

describe('outside production', () => {
  it('offers every phone confirmation method and sends codes by SMS (the log stands in)', async () => {
    const { phone, token } = await travellerWithPhone(development);
    const methods = await call(
      development,
      'listPhoneConfirmationMethods',
      'GET',
      'phone-confirmation-methods',
      { token },
    );
    expect(methods.body.methods).toEqual(['sms', 'whatsapp', 'telegram']);
    // Sign-in codes go to a confirmed phone only (decision 147).
    await development.database.db
      .update(users)
      .set({ phoneConfirmedAt: new Date() })
      .where(eq(users.phone, phone));
    const sent = await call(development, 'sendAuthCode', 'POST', 'send-auth-code', {
      payload: { login: phone, code_sender: 'sms' },
    });
    expect(sent.status).toBe(200);
    expect((await queuedFor(development, phone)).map((row) => row.channel)).toContain('sms');
  });
});
