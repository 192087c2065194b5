/**
 * Queuing account mail so that a login without an account costs the call what one with an
 * account does (docs/security.md, "No account enumeration"). The answers were alike but their
 * time was not: `password-recovery` wrote a link and a message, two commits, for a known address
 * and nothing for an unknown one, and one request told them apart 69–76% of the time
 * (`probe-security/enumeration-timing.test.ts`). Now both run the same statements in one
 * transaction; only the rows differ.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { outbox } from '#src/db/schema/index.ts';

/** A transaction of `db.transaction`: the stand-in must never be committed. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

type Message = Omit<typeof outbox.$inferInsert, 'nextAttemptAt'>;

/**
 * Queues `message` when it is for an account; otherwise writes it as a stand-in (never due: no
 * `nextAttemptAt`) and takes it back before the commit. The same two statements run either way,
 * and the commit waits for the disk either way; nothing is left for a login without an account
 * (no message, no address kept).
 */
export async function queueAlike(
  tx: Transaction,
  message: Message,
  forAccount: boolean,
): Promise<void> {
  const [row] = await tx
    .insert(outbox)
    .values(forAccount ? message : { ...message, nextAttemptAt: null })
    .returning({ id: outbox.id });
  // A message is due (`nextAttemptAt` defaults to now) and stays; only a stand-in goes.
  await tx.delete(outbox).where(and(eq(outbox.id, row!.id), isNull(outbox.nextAttemptAt)));
}
