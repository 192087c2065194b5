/**
 * Test helpers of the accounts module: calls from a client address of their own (sign-ups and
 * sign-ins are limited per address), and the codes and links the outbox holds for an address.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { OperationId } from '#src/contract.ts';
import { outbox } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import type { TestApp } from '#src/testing/app.ts';
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
