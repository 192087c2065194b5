/**
 * The development-only list of queued and sent messages (decisions: "in development, lists them
 * on a development-only page"), so one can sign in with a code or open a confirmation link
 * without a mail server. JSON by default; a browser asking for HTML gets a readable page.
 *
 * It also stands in for the messengers (decision 068): the chat's "Notify me" gives a code to
 * send to the site's Telegram or WhatsApp bot, which a local demo cannot reach. The page's form
 * hands a message to the bot as if it came from a messenger chat, and the bot's reply shows up
 * in the list like any other message.
 */
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { outbox, outboxAttachments } from '#src/db/schema/index.ts';
import { acceptHtmlForms, escapeHtml, formOf } from '#src/http/html-pages.ts';
import { htmlPageCsp } from '#src/http/security-headers.ts';
import {
  BOT_SOURCES,
  BOT_TITLES,
  handleBotMessage,
  type BotDeps,
  type BotOutcome,
  type BotSource,
} from '#src/modules/chat/index.ts';

const LIMIT = 50;

export const DEV_OUTBOX_PATH = '/dev/outbox';
export const DEV_BOT_PATH = '/dev/outbox/bot';
/** A message's file, by the attachment's id: `/dev/outbox/attachments/12`. */
export const DEV_ATTACHMENT_PATH = '/dev/outbox/attachments';

/** The messenger chat a demo message comes from unless the form names another. */
export const DEMO_MESSENGER_CHAT = 'demo-chat';

export interface DevOutboxOptions {
  db: Database;
  /** The bot, and the messengers whose webhook this API serves (the ones the chat offers). */
  bots?: { deps: BotDeps; sources: readonly BotSource[] };
}

/** What the page says after the bot has read a message. */
const OUTCOMES: Record<BotOutcome, string> = {
  linked: 'The bot linked this messenger chat: the conversation’s notifications are on.',
  'code-failed': 'The bot did not accept the code (a code works once, for 15 minutes).',
  help: 'That was not a code: the bot answered with instructions.',
  ignored: 'The bot left that message alone (a /start link of another kind).',
};

const isOutcome = (value: unknown): value is BotOutcome =>
  typeof value === 'string' && Object.hasOwn(OUTCOMES, value);

const STYLE = `body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1d1b29}
form{display:grid;gap:.5rem;grid-template-columns:auto 1fr;align-items:center;background:#f4f1fb;border-radius:12px;padding:1rem;margin:0 0 1.5rem}
form button{grid-column:2;justify-self:start;font:inherit;padding:.45rem 1rem;border:0;border-radius:8px;background:#793dfc;color:#fff}
input,select{font:inherit;padding:.4rem .5rem;border:1px solid #cfc8e0;border-radius:8px}
.notice{background:#e9f7ef;border-radius:8px;padding:.6rem .8rem}.notice--other{background:#fff4d6}pre{white-space:pre-wrap}`;

function botForm(sources: readonly BotSource[]): string {
  const options = sources
    .map((source) => `<option value="${source}">${BOT_TITLES[source]}</option>`)
    .join('');
  return `<h2>Message the bot</h2><p>This demo cannot reach Telegram or WhatsApp. To turn on a conversation's notifications, choose "Notify me" in the chat, pick the messenger, and send its code here.</p>
<form method="post" action="${DEV_BOT_PATH}"><label for="source">Messenger</label><select id="source" name="source">${options}</select>
<label for="chat">Your chat</label><input id="chat" name="chat" value="${DEMO_MESSENGER_CHAT}" maxlength="128" required>
<label for="text">Message</label><input id="text" name="text" placeholder="The code, e.g. K7QX2M" maxlength="4096" required autocomplete="off">
<button type="submit">Send to the bot</button></form>`;
}

interface ListedAttachment {
  id: number;
  filename: string;
  content_type: string;
  size: number;
  url: string;
}

interface ListedMessage {
  id: number;
  subject: string;
  channel: string;
  recipient: string;
  body: string;
  attachments: ListedAttachment[];
}

function attachmentLinks(attachments: readonly ListedAttachment[]): string {
  if (attachments.length === 0) return '';
  const links = attachments
    .map(
      (file) =>
        `<li><a href="${escapeHtml(file.url)}">${escapeHtml(file.filename)}</a> (${escapeHtml(file.content_type)}, ${Math.ceil(file.size / 1024)} KB)</li>`,
    )
    .join('');
  return `<p>Attached:</p><ul>${links}</ul>`;
}

function page(
  messages: readonly ListedMessage[],
  options: DevOutboxOptions,
  outcome: BotOutcome | undefined,
): string {
  const items = messages
    .map(
      (message) =>
        `<li><p><strong>${escapeHtml(message.subject)}</strong> — ${escapeHtml(message.channel)} to ${escapeHtml(message.recipient)}</p><pre>${escapeHtml(message.body)}</pre>${attachmentLinks(message.attachments)}</li>`,
    )
    .join('');
  const sources = options.bots?.sources ?? [];
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Outbox (development)</title><style>${STYLE}</style><body><h1>Outbox (development only)</h1>${outcome ? `<p class="notice${outcome === 'linked' ? '' : ' notice--other'}" role="status">${OUTCOMES[outcome]}</p>` : ''}${sources.length > 0 ? botForm(sources) : ''}<h2>Messages</h2><ol reversed>${items || '<li>No messages yet</li>'}</ol></body></html>`;
}

/** A header-safe file name: anything but letters, digits, dot, dash and underscore becomes `_`. */
const asciiFilename = (name: string) => name.replace(/[^\w.-]/g, '_');

/** The files of the listed messages (names and sizes, not their bytes), by message id. */
async function listedAttachments(db: Database, messageIds: readonly number[]) {
  const byMessage = new Map<number, ListedAttachment[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select({
      id: outboxAttachments.id,
      outboxId: outboxAttachments.outboxId,
      filename: outboxAttachments.filename,
      contentType: outboxAttachments.contentType,
      size: sql<number>`octet_length(${outboxAttachments.content})`.mapWith(Number),
    })
    .from(outboxAttachments)
    .where(inArray(outboxAttachments.outboxId, [...messageIds]))
    .orderBy(asc(outboxAttachments.id));
  for (const row of rows) {
    const listed: ListedAttachment = {
      id: row.id,
      filename: row.filename,
      content_type: row.contentType,
      size: row.size,
      url: `${DEV_ATTACHMENT_PATH}/${row.id}`,
    };
    byMessage.set(row.outboxId, [...(byMessage.get(row.outboxId) ?? []), listed]);
  }
  return byMessage;
}

const wantsHtml = (request: FastifyRequest) =>
  request.headers.accept?.includes('text/html') === true;

export function registerDevOutboxRoute(app: FastifyInstance, options: DevOutboxOptions): void {
  const { db } = options;
  app.get<{ Querystring: { recipient?: string; bot?: string } }>(
    DEV_OUTBOX_PATH,
    async (request, reply) => {
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
      const files = await listedAttachments(
        db,
        messages.map((message) => message.id),
      );
      const listed = messages.map((message) => ({
        ...message,
        attachments: files.get(message.id) ?? [],
      }));
      reply.header('cache-control', 'no-store');
      if (!wantsHtml(request)) return { messages: listed };
      const outcome = isOutcome(request.query.bot) ? request.query.bot : undefined;
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', htmlPageCsp(STYLE))
        .send(page(listed, options, outcome));
    },
  );

  app.get<{ Params: { id: string } }>(`${DEV_ATTACHMENT_PATH}/:id`, async (request, reply) => {
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : undefined;
    const [file] =
      id === undefined
        ? []
        : await db.select().from(outboxAttachments).where(eq(outboxAttachments.id, id)).limit(1);
    if (!file) return reply.code(404).send({ message: 'No such attachment' });
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${asciiFilename(file.filename)}"`)
      .send(file.content);
  });

  const bots = options.bots;
  if (!bots || bots.sources.length === 0) return;
  app.register(async (scope) => {
    acceptHtmlForms(scope);
    scope.post(DEV_BOT_PATH, async (request, reply) => {
      const form = formOf(request.body);
      const source = BOT_SOURCES.find((candidate) => candidate === form.source);
      const chat = form.chat?.trim() ?? '';
      const text = form.text ?? '';
      const errors: Record<string, string> = {};
      if (!source || !bots.sources.includes(source)) {
        errors.source = `Choose one of: ${bots.sources.join(', ')}`;
      }
      if (chat === '' || chat.length > 128) errors.chat = 'Give a chat of 1 to 128 characters';
      if (text.trim() === '' || text.length > 4096) {
        errors.text = 'Give a message of 1 to 4096 characters';
      }
      if (!source || Object.keys(errors).length > 0) {
        return reply.code(400).send({ message: 'The message for the bot is incomplete', errors });
      }
      const outcome = await handleBotMessage(bots.deps, source, chat, text);
      return answered(request, reply, outcome);
    });
  });
}

/** A browser goes back to the page, which says what the bot did; a script gets JSON. */
function answered(request: FastifyRequest, reply: FastifyReply, outcome: BotOutcome) {
  if (!wantsHtml(request)) return reply.send({ outcome });
  return reply.redirect(`${DEV_OUTBOX_PATH}?bot=${outcome}`, 303);
}
