import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { outbox } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import {
  dispatchOutbox,
  enqueueMessage,
  logTransport,
  RETRY_DELAYS_MS,
  retryDelayMs,
  SendError,
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

/** The database's clock, which decides when a row is due. */
async function databaseNow(): Promise<number> {
  const { rows } = (await db.execute(sql`select extract(epoch from now()) * 1000 as now`)) as {
    rows: { now: string | number }[];
  };
  return Number(rows[0]!.now);
}

/** As if its wait had passed: the row is due now. */
async function makeDue(id: number) {
  await db
    .update(outbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(outbox.id, id));
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

  it('tries a failed message again only after a backoff, further apart each time', async () => {
    const row = await queue(`failing-${randomUUID()}@example.com`);
    const log = capturingLog();
    let relayUp = false;
    const relay = {
      send: async () => {
        if (!relayUp) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      },
    };
    // No jitter: the waits are the schedule's.
    const options = { kind: row.kind, log, random: () => 0.5 };
    const waitOf = async () => {
      const after = await rowOf(row.id);
      return after.nextAttemptAt!.getTime() - (await databaseNow());
    };

    expect(await dispatchOutbox(db, relay, options)).toBe(0);
    expect((await rowOf(row.id)).attempts).toBe(1);
    expect(await waitOf()).toBeGreaterThan(RETRY_DELAYS_MS[0] - 5_000);
    // Rounds in the next seconds (every 5 s, from every process) leave it alone.
    for (let round = 0; round < 5; round += 1) await dispatchOutbox(db, relay, options);
    expect((await rowOf(row.id)).attempts).toBe(1);

    // Its time comes: a second failure waits longer.
    await makeDue(row.id);
    await dispatchOutbox(db, relay, options);
    const second = await rowOf(row.id);
    expect(second.attempts).toBe(2);
    expect(second.lastError).toBe('connect ECONNREFUSED 127.0.0.1:25');
    expect(await waitOf()).toBeGreaterThan(RETRY_DELAYS_MS[1] - 5_000);
    expect(log.lines.map((line) => line.message)).toEqual([
      'outbox: sending a message failed; it is retried',
      'outbox: sending a message failed; it is retried',
    ]);
    // Nothing of the message's text is logged, and the recipient only masked.
    expect(JSON.stringify(log.lines)).not.toContain(row.recipient);
    expect(log.lines[0]?.details).toMatchObject({ outboxId: row.id, to: 'f***@example.com' });

    // The relay is back when the message is next due: it goes.
    relayUp = true;
    await makeDue(row.id);
    expect(await dispatchOutbox(db, relay, options)).toBe(1);
    const sent = await rowOf(row.id);
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.attempts).toBe(3);
    expect(sent.nextAttemptAt).toBeNull();
  });

  it('keeps trying for about a day, each wait jittered', () => {
    // The schedule with no jitter: from the first failure to the message's expiry (a day).
    let elapsed = 0;
    let attempts = 1;
    while (elapsed + retryDelayMs(attempts, () => 0.5) < 24 * 3_600_000) {
      elapsed += retryDelayMs(attempts, () => 0.5);
      attempts += 1;
    }
    expect(attempts).toBeGreaterThanOrEqual(10);
    expect(elapsed).toBeGreaterThan(20 * 3_600_000);
    expect(retryDelayMs(1, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(3, () => 0.5)).toBe(2 * 60_000);
    // ±20 %: two messages that failed together come back apart.
    expect(retryDelayMs(1, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, () => 1)).toBe(36_000);
    expect(retryDelayMs(100, () => 0.5)).toBe(RETRY_DELAYS_MS.at(-1));
  });

  it('stops at once after a permanent failure', async () => {
    const row = await queue(`refused-${randomUUID()}@example.com`);
    const log = capturingLog();
    const refusing = {
      send: async () => {
        throw new SendError('SMTP: 550 5.1.1 mailbox unavailable', true);
      },
    };
    await dispatchOutbox(db, refusing, { kind: row.kind, log });
    const after = await rowOf(row.id);
    expect(after).toMatchObject({ sentAt: null, attempts: 1, nextAttemptAt: null });
    expect(after.lastError).toBe('SMTP: 550 5.1.1 mailbox unavailable');
    // Later rounds leave it alone: nothing is due.
    expect(await dispatchOutbox(db, refusing, { kind: row.kind, log })).toBe(0);
    expect((await rowOf(row.id)).attempts).toBe(1);
    expect(log.lines).toEqual([
      expect.objectContaining({
        level: 'error',
        message: 'outbox: a message was refused for good; it stays unsent',
      }),
    ]);
  });

  it('gives up once the next attempt would come after the message expires', async () => {
    // A sign-in code valid 45 more seconds: retried after 30 s, not after another minute.
    const row = await queueMessage(db, {
      recipient: `code-${randomUUID()}@example.com`,
      expiresAt: new Date(Date.now() + 45_000),
    });
    const log = capturingLog();
    const failing = {
      send: async () => {
        throw new Error('451 4.7.1 greylisted, try again later');
      },
    };
    const options = { kind: row.kind, log, random: () => 0.5 };
    await dispatchOutbox(db, failing, options);
    expect((await rowOf(row.id)).nextAttemptAt).toBeInstanceOf(Date);
    await makeDue(row.id);
    await dispatchOutbox(db, failing, options);
    const after = await rowOf(row.id);
    expect(after).toMatchObject({ sentAt: null, attempts: 2, nextAttemptAt: null });
    expect(log.lines.at(-1)).toMatchObject({
      level: 'error',
      message:
        'outbox: sending a message failed for the last time (it would arrive too late); it stays unsent',
    });
  });

  it('never sends a message that expired before its turn came', async () => {
    const row = await queueMessage(db, {
      recipient: `late-${randomUUID()}@example.com`,
      expiresAt: new Date(Date.now() - 1_000),
    });
    const log = capturingLog();
    const transport = slowTransport(0);
    expect(await dispatchOutbox(db, transport, { kind: row.kind, log })).toBe(0);
    expect(transport.sentIds).toEqual([]);
    const after = await rowOf(row.id);
    expect(after).toMatchObject({ sentAt: null, attempts: 0, nextAttemptAt: null });
    expect(after.claimedUntil).toBeNull();
    expect(log.lines).toEqual([
      expect.objectContaining({
        level: 'error',
        message: 'outbox: a message expired before it was sent; it stays unsent',
      }),
    ]);
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

  it('two processes retry a failing message no sooner than one does', async () => {
    const row = await queue(`two-workers-${randomUUID()}@example.com`);
    const failing = {
      send: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      },
    };
    // Two processes, each running its round every 5 s, for half a minute.
    for (let round = 0; round < 6; round += 1) {
      await Promise.all([
        dispatchOutbox(db, failing, { kind: row.kind }),
        dispatchOutbox(db, failing, { kind: row.kind }),
      ]);
    }
    const after = await rowOf(row.id);
    expect(after.attempts).toBe(1);
    expect(after.nextAttemptAt).toBeInstanceOf(Date);
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
