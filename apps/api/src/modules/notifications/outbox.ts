/**
 * Sends what the outbox holds (decisions: messages go through an outbox table; the default
 * transport writes them to the log, SMTP is used when configured; decision 060). A dispatch round
 * claims the oldest unsent rows, hands each to the transport and marks it sent; a failed send
 * counts an attempt and is retried on a later round.
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { outbox, outboxAttachments } from '#src/db/schema/index.ts';

/** A file sent with a message (`outbox_attachments`). */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A queued message, with the files it carries (none for most). */
export type OutboxMessage = typeof outbox.$inferSelect & {
  attachments?: readonly OutboxAttachment[];
};
export type OutboxChannel = OutboxMessage['channel'];

/** The database, or the transaction handle `db.transaction` passes to its callback. */
type Writer = Pick<Database, 'insert'>;

/** Queues a message and its files in the caller's transaction; answers the message's id. */
export async function enqueueMessage(
  tx: Writer,
  message: typeof outbox.$inferInsert,
  attachments: readonly OutboxAttachment[] = [],
): Promise<number> {
  const [queued] = await tx.insert(outbox).values(message).returning({ id: outbox.id });
  if (attachments.length > 0) {
    await tx
      .insert(outboxAttachments)
      .values(attachments.map((file) => ({ outboxId: queued!.id, ...file })));
  }
  return queued!.id;
}

/** The files of `messageIds`, by message id (one query for a whole round). */
async function attachmentsOf(db: Database, messageIds: readonly number[]) {
  const byMessage = new Map<number, OutboxAttachment[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(outboxAttachments)
    .where(inArray(outboxAttachments.outboxId, [...messageIds]))
    .orderBy(asc(outboxAttachments.id));
  for (const { outboxId, filename, contentType, content } of rows) {
    byMessage.set(outboxId, [
      ...(byMessage.get(outboxId) ?? []),
      { filename, contentType, content },
    ]);
  }
  return byMessage;
}

export interface OutboxTransport {
  /** Resolves once the message is handed over; throws (with no secret in the message) if not. */
  send(message: OutboxMessage): Promise<void>;
}

type LogFn = (details: object, message: string) => void;

/** Attempts after which a message is left alone (an operator looks at it). */
export const MAX_ATTEMPTS = 5;

/**
 * How long a round owns the rows it claimed. Another API process takes a row only once its claim
 * has expired (the claiming process died), so a round stops sending after half of it and frees
 * what is left: the transports' own timeouts keep one send well inside the other half.
 */
const CLAIM_MS = 2 * 60_000;

/** The default transport: one structured log line per message. */
export function logTransport(log: { info: LogFn }) {
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
          // Which files went with it, not their bytes.
          ...(message.attachments && message.attachments.length > 0
            ? {
                attachments: message.attachments.map((file) => ({
                  filename: file.filename,
                  contentType: file.contentType,
                  bytes: file.content.length,
                })),
              }
            : {}),
        },
        'outbox message',
      );
    },
  } satisfies OutboxTransport;
}

/** Sends each message with its channel's transport, or with `fallback` (the log). */
export function channelTransport(
  routes: Partial<Record<OutboxChannel, OutboxTransport>>,
  fallback: OutboxTransport,
): OutboxTransport {
  return { send: (message) => (routes[message.channel] ?? fallback).send(message) };
}

/** `text` with every secret (a password, a token) replaced, for error messages that get logged. */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce(
    (result, secret) => (secret === '' ? result : result.split(secret).join('***')),
    text,
  );
}

/** Unsent rows nobody owns: never claimed, or claimed by a round whose claim has expired. */
function claimable(kind: string | undefined) {
  return and(
    isNull(outbox.sentAt),
    lt(outbox.attempts, MAX_ATTEMPTS),
    or(isNull(outbox.claimedUntil), lte(outbox.claimedUntil, sql`now()`)),
    kind === undefined ? undefined : eq(outbox.kind, kind),
  );
}

/**
 * Claims up to `limit` claimable rows, oldest first, in one statement. `FOR UPDATE SKIP LOCKED`
 * makes concurrent rounds (other API processes) take disjoint rows instead of waiting for, or
 * re-reading, each other's.
 */
async function claim(db: Database, limit: number, kind: string | undefined, claimMs: number) {
  const oldest = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(claimable(kind))
    .orderBy(asc(outbox.createdAt), asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({ claimedUntil: sql`now() + ${claimMs} * interval '1 millisecond'` })
    .where(inArray(outbox.id, oldest))
    .returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
}

export interface DispatchOptions {
  limit?: number;
  /** Only messages of this kind (tests share one outbox). */
  kind?: string;
  /** Where failed sends are reported (with the outbox id, never the message's text). */
  log?: { warn: LogFn; error: LogFn };
  claimMs?: number;
}

/** Sends up to `limit` unsent messages, oldest first; answers how many were sent. */
export async function dispatchOutbox(
  db: Database,
  transport: OutboxTransport,
  { limit = 50, kind, log, claimMs = CLAIM_MS }: DispatchOptions = {},
): Promise<number> {
  const claimedAt = Date.now();
  const claimed = await claim(db, limit, kind, claimMs);
  const files = await attachmentsOf(
    db,
    claimed.map((row) => row.id),
  );
  let sent = 0;
  for (const [index, message] of claimed.entries()) {
    if (Date.now() - claimedAt > claimMs / 2) {
      // Too close to the end of the claim: leave the rest to the next round.
      const rest = claimed.slice(index).map((row) => row.id);
      await db.update(outbox).set({ claimedUntil: null }).where(inArray(outbox.id, rest));
      break;
    }
    try {
      await transport.send({ ...message, attachments: files.get(message.id) ?? [] });
    } catch (error) {
      const attempt = message.attempts + 1;
      await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, claimedUntil: null })
        .where(eq(outbox.id, message.id));
      const details = {
        outboxId: message.id,
        kind: message.kind,
        channel: message.channel,
        attempt,
        error: error instanceof Error ? error.message : String(error),
      };
      if (attempt >= MAX_ATTEMPTS) {
        log?.error(details, 'outbox: sending a message failed for the last time; it stays unsent');
      } else {
        log?.warn(details, 'outbox: sending a message failed; it is retried');
      }
      continue;
    }
    await db
      .update(outbox)
      .set({ sentAt: sql`now()`, attempts: sql`${outbox.attempts} + 1`, claimedUntil: null })
      .where(eq(outbox.id, message.id));
    sent += 1;
  }
  return sent;
}

/** Runs `dispatchOutbox` every `intervalMs` until stopped; rounds never overlap. */
export function startOutboxDispatcher(
  db: Database,
  transport: OutboxTransport,
  {
    intervalMs = 5_000,
    log,
    onError,
  }: {
    intervalMs?: number;
    log?: DispatchOptions['log'];
    onError: (error: unknown) => void;
  },
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => dispatchOutbox(db, transport, { log })).catch(onError);
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
