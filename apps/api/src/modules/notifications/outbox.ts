/**
 * Sends what the outbox holds (decisions: messages go through an outbox table; the default
 * transport writes them to the log). A dispatcher takes the oldest unsent rows, hands each to the
 * transport and marks it sent; a failed send counts an attempt and is retried on the next round.
 */
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { outbox } from '#src/db/schema/index.ts';

export type OutboxMessage = typeof outbox.$inferSelect;

export interface OutboxTransport {
  send(message: OutboxMessage): Promise<void>;
}

/** Attempts after which a message is left alone (an operator looks at it). */
export const MAX_ATTEMPTS = 5;

/** The default transport: one structured log line per message. */
export function logTransport(log: { info: (details: object, message: string) => void }) {
  return {
    async send(message: OutboxMessage) {
      log.info(
        {
          outboxId: message.id,
          kind: message.kind,
          channel: message.channel,
          to: message.recipient,
          subject: message.subject,
          body: message.body,
        },
        'outbox message',
      );
    },
  } satisfies OutboxTransport;
}

/**
 * Sends up to `limit` unsent messages, oldest first (of one `kind` only, when given); answers how
 * many were sent.
 */
export async function dispatchOutbox(
  db: Database,
  transport: OutboxTransport,
  { limit = 50, kind }: { limit?: number; kind?: string } = {},
): Promise<number> {
  const pending = await db
    .select()
    .from(outbox)
    .where(
      and(
        isNull(outbox.sentAt),
        lt(outbox.attempts, MAX_ATTEMPTS),
        kind === undefined ? undefined : eq(outbox.kind, kind),
      ),
    )
    .orderBy(asc(outbox.createdAt), asc(outbox.id))
    .limit(limit);
  let sent = 0;
  for (const message of pending) {
    try {
      await transport.send(message);
      await db
        .update(outbox)
        .set({ sentAt: sql`now()`, attempts: sql`${outbox.attempts} + 1` })
        .where(eq(outbox.id, message.id));
      sent += 1;
    } catch {
      await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1` })
        .where(eq(outbox.id, message.id));
    }
  }
  return sent;
}

/** Runs `dispatchOutbox` every `intervalMs` until stopped; rounds never overlap. */
export function startOutboxDispatcher(
  db: Database,
  transport: OutboxTransport,
  { intervalMs = 5_000, onError }: { intervalMs?: number; onError: (error: unknown) => void },
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => dispatchOutbox(db, transport)).catch(onError);
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
