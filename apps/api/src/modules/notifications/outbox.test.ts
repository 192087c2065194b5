import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { outbox } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import {
  dispatchOutbox,
  enqueueMessage,
  logTransport,
  MAX_ATTEMPTS,
  type OutboxMessage,
} from './outbox.ts';
import { capturingLog, outboxRow, queueMessage } from './testing.ts';

let testApp: TestApp;
let db: Database;

beforeAll(async () => {
  testApp = await buildTestApp();
  db = testApp.database.db;
});
afterAll(() => testApp.close());

/** `count` messages of one kind of their own. */
async function queueMany(count: number, label: string) {
  const kind = `test-${randomUUID()}`;
  const rows: OutboxMessage[] = [];
  for (let n = 0; n < count; n += 1) {
    rows.push(
      await queueMessage(db, { kind, recipient: `${label}-${n}-${randomUUID()}@example.com` }),
    );
  }
  return { kind, rows };
}

const queue = (recipient: string) => queueMessage(db, { recipient });

/** A transport that takes `delayMs` per message and remembers the ids it was given. */
function slowTransport(delayMs: number) {
  const sentIds: number[] = [];
  return {
    sentIds,
    async send(message: OutboxMessage) {
      await sleep(delayMs);
      sentIds.push(message.id);
    },
  };
}

const rowOf = (id: number) => outboxRow(db, id);

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

  it('hands each message its own files, and the log names them without their bytes', async () => {
    const kind = `test-${randomUUID()}`;
    const pdf = Buffer.from('%PDF-1.3 a programme');
    const withFile = await enqueueMessage(
      db,
      {
        kind,
        channel: 'email',
        recipient: `a-${randomUUID()}@example.com`,
        subject: 'A',
        body: 'A',
      },
      [{ filename: 'programme.pdf', contentType: 'application/pdf', content: pdf }],
    );
    const without = await enqueueMessage(db, {
      kind,
      channel: 'email',
      recipient: `b-${randomUUID()}@example.com`,
      subject: 'B',
      body: 'B',
    });
    const seen = new Map<number, OutboxMessage>();
    await dispatchOutbox(
      db,
      { send: async (message) => void seen.set(message.id, message) },
      { kind },
    );
    expect(seen.get(withFile)?.attachments).toEqual([
      { filename: 'programme.pdf', contentType: 'application/pdf', content: pdf },
    ]);
    expect(seen.get(without)?.attachments).toEqual([]);

    const log = capturingLog();
    await logTransport(log).send(seen.get(withFile)!);
    expect(log.lines[0]?.details).toMatchObject({
      attachments: [
        { filename: 'programme.pdf', contentType: 'application/pdf', bytes: pdf.length },
      ],
    });
    expect(JSON.stringify(log.lines)).not.toContain('a programme');
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

describe('claiming (several API processes each run the dispatcher)', () => {
  it('two rounds at once send each message exactly once', async () => {
    const { kind, rows } = await queueMany(6, 'claim');
    // Slow sends: both rounds have read the queue long before either marks anything sent.
    const first = slowTransport(30);
    const second = slowTransport(30);
    const counts = await Promise.all([
      dispatchOutbox(db, first, { kind }),
      dispatchOutbox(db, second, { kind }),
    ]);
    const sentIds = [...first.sentIds, ...second.sentIds].sort((a, b) => a - b);
    expect(sentIds).toEqual(rows.map((row) => row.id));
    expect(counts[0] + counts[1]).toBe(rows.length);
    for (const row of rows) {
      const after = await rowOf(row.id);
      expect(after.sentAt).toBeInstanceOf(Date);
      expect(after.attempts).toBe(1);
      expect(after.claimedUntil).toBeNull();
    }
  });

  it('leaves a row another round holds, and takes it once that claim has expired', async () => {
    const row = await queue(`held-${randomUUID()}@example.com`);
    const transport = slowTransport(0);
    await db
      .update(outbox)
      .set({ claimedUntil: sql`now() + interval '1 minute'` })
      .where(eq(outbox.id, row.id));
    expect(await dispatchOutbox(db, transport, row)).toBe(0);
    // The process that claimed it died: the claim runs out and the row is sent after all.
    await db
      .update(outbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, row.id));
    expect(await dispatchOutbox(db, transport, row)).toBe(1);
    expect(transport.sentIds).toEqual([row.id]);
  });

  it('stops sending halfway through its claim and frees the rest for the next round', async () => {
    const { kind, rows } = await queueMany(3, 'late');
    const transport = slowTransport(150);
    // A claim of 200 ms: after the first send (150 ms) the round is past its half.
    expect(await dispatchOutbox(db, transport, { kind, claimMs: 200 })).toBe(1);
    expect(transport.sentIds).toEqual([rows[0]!.id]);
    for (const row of rows.slice(1)) {
      const after = await rowOf(row.id);
      expect(after.sentAt).toBeNull();
      expect(after.attempts).toBe(0);
      expect(after.claimedUntil).toBeNull();
    }
    expect(await dispatchOutbox(db, transport, { kind })).toBe(2);
  });
});
