/**
 * The development-only list of queued and sent messages (decisions: "in development, lists them
 * on a development-only page"), so one can sign in with a code or open a confirmation link
 * without a mail server. JSON by default; a browser asking for HTML gets a readable page.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { outbox } from '#src/db/schema/index.ts';

const LIMIT = 50;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

export function registerDevOutboxRoute(app: FastifyInstance, { db }: { db: Database }): void {
  app.get<{ Querystring: { recipient?: string } }>('/dev/outbox', async (request, reply) => {
    const recipient = request.query.recipient?.trim().toLowerCase();
    const messages = await db
      .select({
        id: outbox.id,
        kind: outbox.kind,
        channel: outbox.channel,
        recipient: outbox.recipient,
        subject: outbox.subject,
        body: outbox.body,
        created_at: outbox.createdAt,
      })
      .from(outbox)
      .where(recipient ? eq(outbox.recipient, recipient) : undefined)
      .orderBy(desc(outbox.id))
      .limit(LIMIT);
    reply.header('cache-control', 'no-store');
    if (!request.headers.accept?.includes('text/html')) return { messages };
    const items = messages
      .map(
        (message) =>
          `<li><p><strong>${escapeHtml(message.subject)}</strong> — ${escapeHtml(message.channel)} to ${escapeHtml(message.recipient)}</p><pre>${escapeHtml(message.body)}</pre></li>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><title>Outbox (development)</title><body style="font-family:system-ui;max-width:48rem;margin:2rem auto"><h1>Outbox (development only)</h1><ol reversed>${items || '<li>No messages yet</li>'}</ol></body></html>`,
      );
  });
}
