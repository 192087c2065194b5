import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { outbox } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { dispatchOutbox, MAX_ATTEMPTS, type OutboxMessage } from './outbox.ts';

let testApp: TestApp;
let db: Database;

beforeAll(async () => {
  testApp = await buildTestApp();
  db = testApp.database.db;
});
afterAll(() => testApp.close());

/** Each test its own kind: other files share the database and its outbox on PostgreSQL. */
async function queue(recipient: string) {
  const kind = `test-${randomUUID()}`;
  const [row] = await db
    .insert(outbox)
    .values({ kind, channel: 'email', recipient, subject: 'Hello', body: 'Body' })
    .returning();
  return row!;
}

describe('dispatchOutbox', () => {
  it('hands unsent messages to the transport and marks them sent', async () => {
    const recipient = `dispatch-${randomUUID()}@example.com`;
    const row = await queue(recipient);
    const seen: OutboxMessage[] = [];
    await dispatchOutbox(db, { send: async (message) => void seen.push(message) }, row);
    expect(seen.map((message) => message.recipient)).toEqual([recipient]);
    const [after] = await db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(after?.sentAt).toBeInstanceOf(Date);
    // A second round sends it no more.
    const again: OutboxMessage[] = [];
    await dispatchOutbox(db, { send: async (message) => void again.push(message) }, row);
    expect(again).toEqual([]);
  });

  it('counts failed attempts, retries, and gives up after the last one', async () => {
    const row = await queue(`failing-${randomUUID()}@example.com`);
    const failing = {
      send: async (message: OutboxMessage) => {
        if (message.id === row.id) throw new Error('mail server down');
      },
    };
    for (let attempt = 0; attempt < MAX_ATTEMPTS + 2; attempt += 1) {
      await dispatchOutbox(db, failing, row);
    }
    const [after] = await db
      .select()
      .from(outbox)
      .where(inArray(outbox.id, [row.id]));
    expect(after?.sentAt).toBeNull();
    expect(after?.attempts).toBe(MAX_ATTEMPTS);
  });
});
