/** Helpers for the outbox tests. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { outbox } from '#src/db/schema/index.ts';
import type { OutboxMessage } from './outbox.ts';

/**
 * Queues one message, of a kind of its own unless `kind` is given: on PostgreSQL other test files
 * share the outbox, so a test dispatches only its own kind.
 */
export async function queueMessage(
  db: Database,
  values: Partial<typeof outbox.$inferInsert> & { recipient: string },
): Promise<OutboxMessage> {
  const [row] = await db
    .insert(outbox)
    .values({
      kind: `test-${randomUUID()}`,
      channel: 'email',
      subject: 'Hello',
      body: 'Body',
      ...values,
    })
    .returning();
  return row!;
}

/** The row as it is now. */
export async function outboxRow(db: Database, id: number): Promise<OutboxMessage> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

/** A logger for the dispatcher and transports that keeps what they log. */
export function capturingLog() {
  const lines: { level: string; details: object; message: string }[] = [];
  const at =
    (level: string) =>
    (details: object, message: string): void =>
      void lines.push({ level, details, message });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}
