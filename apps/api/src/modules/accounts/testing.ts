/**
 * Test helpers of the accounts module: calls from a client address of their own (sign-ups and
 * sign-ins are limited per address), and the codes and links the outbox holds for an address.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { OperationId } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { outbox, users } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';

export const uniqueEmail = (prefix = 'rider') => `${prefix}-${randomUUID()}@example.com`;
export const uniquePhone = () => `+1646${String(randomInt(0, 1e7)).padStart(7, '0')}`;
const freshIp = () => `10.47.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export interface Answer {
  status: number;
  body: Json;
}

/** `call(operationId, path)` of an app: a contract-checked answer, from an address of its own. */
export function accountCalls(testApp: () => TestApp) {
  async function call(
    operationId: OperationId,
    path: string,
    {
      payload,
      token,
      method = 'POST',
    }: { payload?: object; token?: string; method?: 'GET' | 'POST' } = {},
  ): Promise<Answer> {
    const response = await testApp().app.inject({
      method,
      url: path.startsWith('/') ? path : `/crm/api/user/${path}`,
      remoteAddress: freshIp(),
      headers: token ? { 'x-authorization': `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
    return {
      status: response.statusCode,
      body: expectContractResponse(response, operationId) as Json,
    };
  }

  /** The newest message queued to `recipient` (of `kind`, when given). */
  async function lastMessage(recipient: string, kind?: string) {
    const [message] = await testApp()
      .database.db.select()
      .from(outbox)
      .where(and(eq(outbox.recipient, recipient), kind ? eq(outbox.kind, kind) : undefined))
      .orderBy(desc(outbox.id))
      .limit(1);
    return message;
  }

  /** The code of the newest message to `recipient`. */
  const codeTo = async (recipient: string) =>
    (await lastMessage(recipient))?.body.match(/\b(\d{5})\b/)?.[1] ?? '';

  /** The token of the newest link of `kind` e-mailed to `recipient` (`name`: its parameter). */
  const linkTokenTo = async (recipient: string, kind: string, name = 'token') => {
    const body = (await lastMessage(recipient, kind))?.body ?? '';
    const link = body.match(/https?:\/\/\S+/)?.[0];
    return link ? (new URL(link).searchParams.get(name) ?? '') : '';
  };

  const profile = (token: string) => call('getProfile', 'profile', { token, method: 'GET' });

  return { call, codeTo, linkTokenTo, profile };
}

/**
 * The file's app for races of sign-ins against a new password: mail kept in the outbox, the
 * sign-in limits lifted (a race signs in hundreds of times), on Redis when `REDIS_URL` is set
 * (api-postgres). Built before the file's tests, closed after them; `db()` and the
 * `accountCalls` are read inside tests.
 */
export function passwordRaceAppForFile() {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await buildTestApp({
      DEV_OUTBOX: 'on',
      AUTH_LIMIT: '100000',
      AUTH_ACCOUNT_LIMIT: '100000',
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    });
  });
  afterAll(() => testApp?.close());
  const built = () => {
    if (!testApp) throw new Error('The test app is read before it is built');
    return testApp;
  };
  return { db: () => built().database.db, ...accountCalls(built) };
}

/** An account Ann Rider of long ago with this password hash, its address confirmed unless not. */
export async function accountWithPassword(
  db: Database,
  {
    email,
    passwordHash,
    confirmed = true,
  }: { email: string; passwordHash: string; confirmed?: boolean },
) {
  const [user] = await db
    .insert(users)
    .values({
      email,
      firstName: 'Ann',
      lastName: 'Rider',
      passwordHash,
      emailConfirmedAt: confirmed ? new Date() : null,
    })
    .returning();
  return user!;
}
