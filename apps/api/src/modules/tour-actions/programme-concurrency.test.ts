/**
 * The programme order under concurrency (issue 44, item 8): many orders at once each queue one
 * message carrying its own PDF; two dispatcher processes at once send each message once, with
 * its file; a queueing that fails half-way leaves neither the message nor a stray file. On
 * PostgreSQL (CI, `api-postgres`) the calls overlap over a pool of connections.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  outbox,
  outboxAttachments,
  tourProgramRequests,
  type tours,
} from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import {
  dispatchOutbox,
  enqueueMessage,
  type OutboxMessage,
} from '#src/modules/notifications/index.ts';
import { firstPublishedTour } from './testing.ts';

let testApp: TestApp;
let db: Database;
let tour: typeof tours.$inferSelect;

beforeAll(async () => {
  testApp = await buildTestApp();
  db = testApp.database.db;
  tour = await firstPublishedTour(db);
});
afterAll(() => testApp.close());

const RACERS = 8;

/** One order by e-mail from its own address (the rate limit counts per address). */
async function order(email: string, n: number) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/spa/tour-program-order-via-email',
    payload: { email, tour_id: tour.id, currency: 'EUR' },
    remoteAddress: `10.44.8.${n + 1}`,
  });
  return { status: response.statusCode, body: response.json<{ request_id: number }>() };
}

async function queuedTo(emails: readonly string[]) {
  return db
    .select()
    .from(outbox)
    .where(inArray(outbox.recipient, [...emails]))
    .orderBy(asc(outbox.id));
}

/** A transport that takes its time, so both rounds have read the queue before either marks. */
function slowTransport() {
  const sent: OutboxMessage[] = [];
  return {
    sent,
    async send(message: OutboxMessage) {
      await sleep(20);
      sent.push(message);
    },
  };
}

describe('programme orders at once', () => {
  it('queue one message per order, each with exactly its own PDF, sent once by two dispatchers', async () => {
    const emails = Array.from({ length: RACERS }, () => `racer-${randomUUID()}@example.com`);
    const answers = await Promise.all(emails.map((email, n) => order(email, n)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(RACERS).fill(200));
    expect(new Set(answers.map((answer) => answer.body.request_id)).size).toBe(RACERS);

    const messages = await queuedTo(emails);
    expect(messages.map((message) => message.recipient).sort()).toEqual([...emails].sort());
    const files = await db
      .select()
      .from(outboxAttachments)
      .where(
        inArray(
          outboxAttachments.outboxId,
          messages.map((message) => message.id),
        ),
      );
    expect(files).toHaveLength(RACERS);
    expect(new Set(files.map((file) => file.outboxId)).size).toBe(RACERS);
    for (const file of files) {
      expect(file.filename).toBe(`${tour.slug}-programme.pdf`);
      expect(file.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }

    // A kind of their own, so the rounds leave other files' messages alone (one shared outbox).
    const kind = `test-${randomUUID()}`;
    await db
      .update(outbox)
      .set({ kind })
      .where(
        inArray(
          outbox.id,
          messages.map((message) => message.id),
        ),
      );
    const first = slowTransport();
    const second = slowTransport();
    await Promise.all([
      dispatchOutbox(db, first, { kind, limit: 1000 }),
      dispatchOutbox(db, second, { kind, limit: 1000 }),
    ]);
    const ours = [...first.sent, ...second.sent];
    expect(ours.map((message) => message.recipient).sort()).toEqual([...emails].sort());
    for (const message of ours) {
      expect(message.attachments).toHaveLength(1);
      expect(message.attachments![0]!.filename).toBe(`${tour.slug}-programme.pdf`);
    }
    const after = await queuedTo(emails);
    expect(after.every((message) => message.sentAt instanceof Date)).toBe(true);
  });
});

describe('a queueing that fails half-way', () => {
  it('leaves no message without its file and no file without its message', async () => {
    const recipient = `broken-${randomUUID()}@example.com`;
    const broken = db.transaction(async (tx) => {
      await tx
        .insert(tourProgramRequests)
        .values({ tourId: tour.id, channel: 'email', email: recipient });
      await enqueueMessage(
        tx,
        { kind: 'tour-program', channel: 'email', recipient, subject: 'S', body: 'B' },
        // A file without bytes: the attachment's insert fails after the message's succeeded.
        [{ filename: 'x.pdf', contentType: 'application/pdf', content: null as never }],
      );
    });
    await expect(broken).rejects.toThrow();
    expect(await queuedTo([recipient])).toEqual([]);
    const stored = await db
      .select()
      .from(tourProgramRequests)
      .where(eq(tourProgramRequests.email, recipient));
    expect(stored).toEqual([]);
  });
});
