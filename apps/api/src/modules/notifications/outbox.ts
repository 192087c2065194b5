/**
 * Sends what the outbox holds (decisions: messages go through an outbox table; the default
 * transport writes them to the log, SMTP is used when configured; decision 060). A dispatch round
 * claims the oldest unsent rows that are due, hands each to the transport and marks it sent. A
 * temporary failure is tried again later, further apart each time (`next_attempt_at`), until the
 * message would arrive too late (`expires_at`: a sign-in code's validity, else a day); a
 * permanent one (an address the server refuses for good) is not tried again.
 */
import { and, asc, eq, getTableColumns, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { outbox, outboxAttachments } from '#src/db/schema/index.ts';
import { maskRecipient } from './recipients.ts';

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
  /**
   * Resolves once the message is handed over; throws (with no secret in the message) if not: a
   * `SendError` says whether trying again can help, any other error counts as temporary.
   */
  send(message: OutboxMessage): Promise<void>;
}

/** A failed send; `permanent` when no later attempt can succeed (a mailbox refused for good). */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

/** Production's answer for a channel nothing delivers (SMS, WhatsApp, VK; e-mail without SMTP). */
class NoTransportError extends SendError {
  constructor(channel: OutboxChannel) {
    super(`not sent: no transport for ${channel}`, true);
    this.name = 'NoTransportError';
  }
}

type LogFn = (details: object, message: string) => void;

/**
 * Waits before the 2nd, 3rd ... attempt; the last one repeats until the message expires (a day
 * of tries by default: greylisting asks for minutes, a relay's outage may take hours).
 */
export const RETRY_DELAYS_MS = [
  30_000,
  60_000,
  2 * 60_000,
  5 * 60_000,
  15 * 60_000,
  30 * 60_000,
  60 * 60_000,
  2 * 60 * 60_000,
  4 * 60 * 60_000,
] as const;

/**
 * The wait after `failedAttempts` failures, ±20 %: messages that failed together (a relay
 * outage) come back spread out instead of all at once.
 */
export function retryDelayMs(failedAttempts: number, random: () => number = Math.random): number {
  const index = Math.min(Math.max(failedAttempts, 1), RETRY_DELAYS_MS.length) - 1;
  return Math.round(RETRY_DELAYS_MS[index]! * (0.8 + 0.4 * random()));
}

/**
 * How long a round owns the rows it claimed. Another API process takes a row only once its claim
 * has expired (the claiming process died), so a round stops sending after half of it and frees
 * what is left: the transports' own timeouts keep one send well inside the other half.
 */
const CLAIM_MS = 2 * 60_000;

/**
 * Development's transport for channels without one: one structured log line per message, text
 * included, so a developer can sign in without a mail server. Production never uses it
 * (`outboxTransport`): there a code in the log would sign anyone who reads logs in.
 */
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

/**
 * Production's stand-in for a channel without a transport: nothing leaves, and the dispatcher
 * logs only that, with the outbox id, kind, channel and a masked recipient.
 */
export const noTransport: OutboxTransport = {
  async send(message) {
    throw new NoTransportError(message.channel);
  },
};

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

/** Unsent rows that are due and nobody owns: never claimed, or the claim has expired. */
function claimable(kind: string | undefined) {
  return and(
    isNull(outbox.sentAt),
    lte(outbox.nextAttemptAt, sql`now()`),
    or(isNull(outbox.claimedUntil), lte(outbox.claimedUntil, sql`now()`)),
    kind === undefined ? undefined : eq(outbox.kind, kind),
  );
}

/**
 * Claims up to `limit` claimable rows, oldest first, in one statement. `FOR UPDATE SKIP LOCKED`
 * makes concurrent rounds (other API processes) take disjoint rows instead of waiting for, or
 * re-reading, each other's. `expired`: the row is past its use (the database's clock decides).
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
    .returning({
      ...getTableColumns(outbox),
      expired: sql<boolean>`${outbox.expiresAt} <= now()`.mapWith(Boolean),
    });
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
}

export interface DispatchOptions {
  limit?: number;
  /** Only messages of this kind (tests share one outbox). */
  kind?: string;
  /**
   * Where failed sends are reported: the outbox id, kind, channel and a masked recipient, never
   * the message's text.
   */
  log?: { warn: LogFn; error: LogFn };
  claimMs?: number;
  /** Jitter of the retry delays (tests pass a constant). */
  random?: () => number;
}

type Claimed = Awaited<ReturnType<typeof claim>>[number];

/**
 * Records a failed attempt: the next one after the backoff, or none when the failure is
 * permanent or the next attempt would come after the message expires. Answers when it is tried
 * again (null: never).
 */
async function recordFailure(
  db: Database,
  message: Claimed,
  { reason, permanent, delayMs }: { reason: string; permanent: boolean; delayMs: number },
): Promise<Date | null> {
  const next = sql`now() + ${delayMs} * interval '1 millisecond'`;
  const [after] = await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      claimedUntil: null,
      lastError: reason,
      nextAttemptAt: permanent
        ? null
        : sql`case when ${next} < ${outbox.expiresAt} then ${next} end`,
    })
    .where(eq(outbox.id, message.id))
    .returning({ nextAttemptAt: outbox.nextAttemptAt });
  return after?.nextAttemptAt ?? null;
}

/** Sends up to `limit` due messages, oldest first; answers how many were sent. */
export async function dispatchOutbox(
  db: Database,
  transport: OutboxTransport,
  { limit = 50, kind, log, claimMs = CLAIM_MS, random = Math.random }: DispatchOptions = {},
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
    const details = {
      outboxId: message.id,
      kind: message.kind,
      channel: message.channel,
      to: maskRecipient(message.recipient),
    };
    if (message.expired) {
      // Never tried in time (no process ran meanwhile): a late code only confuses.
      await db
        .update(outbox)
        .set({ nextAttemptAt: null, claimedUntil: null, lastError: 'expired before it was sent' })
        .where(eq(outbox.id, message.id));
      log?.error(details, 'outbox: a message expired before it was sent; it stays unsent');
      continue;
    }
    const { expired: _, ...row } = message;
    try {
      await transport.send({ ...row, attachments: files.get(message.id) ?? [] });
    } catch (error) {
      const attempt = message.attempts + 1;
      const reason = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof SendError && error.permanent;
      const delayMs = retryDelayMs(attempt, random);
      const next = await recordFailure(db, message, { reason, permanent, delayMs });
      const failed = { ...details, attempt, error: reason };
      if (error instanceof NoTransportError) {
        log?.warn(failed, `outbox: ${reason}`);
      } else if (next) {
        log?.warn(
          { ...failed, retryAt: next.toISOString() },
          'outbox: sending a message failed; it is retried',
        );
      } else if (permanent) {
        log?.error(failed, 'outbox: a message was refused for good; it stays unsent');
      } else {
        log?.error(
          failed,
          'outbox: sending a message failed for the last time (it would arrive too late); it stays unsent',
        );
      }
      continue;
    }
    await db
      .update(outbox)
      .set({
        sentAt: sql`now()`,
        attempts: sql`${outbox.attempts} + 1`,
        claimedUntil: null,
        nextAttemptAt: null,
      })
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
