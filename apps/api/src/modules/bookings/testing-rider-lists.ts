/**
 * Helpers of the rider-list limit's tests (decisions 190 and 199): a rename
 * by the owner, and what the changes told (e-mails to an address, chat lines).
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { chatMessages, outbox } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { bearer } from './testing-scratch.ts';

/** The owner signed in with `token` renames rider `riderId` of booking `id`: the status. */
export async function renameRider(
  app: FastifyInstance,
  token: string,
  { id, riderId }: { id: number; riderId: number },
  firstName: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: `/crm/api/request/update-tourists?request_id=${id}`,
    headers: bearer(token),
    payload: {
      tourists: [
        { id: riderId, first_name: firstName, last_name: 'Probe', birthday: '1990-01-01' },
      ],
    },
  });
  return { status: response.statusCode, body: response.json() as Json };
}

/** E-mails queued to `recipient`. */
export const mailsTo = async (db: Database, recipient: string) =>
  (await db.select().from(outbox).where(eq(outbox.recipient, recipient))).length;

/** Chat messages of every conversation. */
export const chatCount = async (db: Database) =>
  (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(chatMessages))[0]!.n;
