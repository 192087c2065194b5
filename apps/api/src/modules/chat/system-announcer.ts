/**
 * Pushes the messages the system writes into chats (a booking's change, decision 091) to the
 * participants' sockets. They are written inside the booking's transaction, where no socket may be
 * told (the transaction can still roll back), so they are stored unannounced (`announced_at` null)
 * and a round here claims them after commit, like the e-mail outbox. The claim is one statement
 * (`FOR UPDATE SKIP LOCKED`), so with several API processes each message is pushed once; the Redis
 * adapter carries it to sockets on every process.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { chatMessages, chats } from '#src/db/schema/index.ts';
import { announceMessage, type ChatRealtime } from './events.ts';
import type { MessageRow } from './messages.ts';

/** Messages one round pushes at most; the next round takes the rest. */
const ROUND_SIZE = 100;

/** Claims the unannounced messages and pushes each to its chat's participants; answers how many. */
export async function announceSystemMessages(
  db: Database,
  realtime: ChatRealtime,
): Promise<number> {
  const claimed = await db.execute<{ id: number }>(sql`
    update chat_messages set announced_at = now()
    where id in (
      select id from chat_messages where announced_at is null
      order by id limit ${ROUND_SIZE}
      for update skip locked
    )
    returning id`);
  const ids = claimed.rows.map((row) => Number(row.id));
  if (ids.length === 0) return 0;
  const messages: MessageRow[] = await db
    .select()
    .from(chatMessages)
    .where(inArray(chatMessages.id, ids))
    .orderBy(asc(chatMessages.id));
  const chatRows = await db
    .select()
    .from(chats)
    .where(inArray(chats.id, [...new Set(messages.map((message) => message.chatId))]));
  const chatById = new Map(chatRows.map((chat) => [chat.id, chat]));
  for (const message of messages) {
    const chat = chatById.get(message.chatId);
    if (chat) await announceMessage(db, realtime, chat, message);
  }
  return messages.length;
}

/** Runs `announceSystemMessages` every `intervalMs` until stopped; rounds never overlap. */
export function startSystemMessageAnnouncer(
  db: Database,
  realtime: ChatRealtime,
  { intervalMs = 1_000, onError }: { intervalMs?: number; onError: (error: unknown) => void },
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => announceSystemMessages(db, realtime)).catch(onError);
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
