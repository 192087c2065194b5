/**
 * The messenger bots' webhooks (decision 059): a traveller sends the one-time connection code
 * (notifications.ts) to the site's bot, the messenger posts that message here, and the bot's chat
 * becomes where the traveller's chat notices go. Not part of the OpenAPI contract: like the
 * payment provider's callbacks, these are integration endpoints with a shared secret, under
 * /crm/api so the web origin's proxy serves them too.
 *
 * - Telegram posts its own Update (https://core.telegram.org/bots/api#update) with the secret of
 *   `setWebhook`'s `secret_token` in `X-Telegram-Bot-Api-Secret-Token`.
 * - Other messengers (a WhatsApp bridge) post `{ external_id, text }` with `X-Gallop-Bot-Secret`.
 *
 * Replies leave through the outbox (decisions: "messenger messages go through an outbox table").
 * A well-formed update is answered 200 whatever happened to it: the messenger retries anything
 * else, and a retry would only repeat the reply.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import {
  chatConnectionCodes,
  chatNotificationMutes,
  chats,
  outbox,
  users,
} from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { createRateLimiter, type RateLimiter, type RateLimits } from '#src/http/rate-limit.ts';
import { sharedSecret } from '#src/modules/operations/index.ts';
import { hashSecret } from '#src/modules/sessions/index.ts';
import { loadViewer, visibleTo } from './chats.ts';
import type { ChatRealtime } from './events.ts';
import { redeemConnectionCode } from './notifications.ts';

/** The messengers with a webhook; each is also an outbox channel, so replies can be delivered. */
export const BOT_SOURCES = ['telegram', 'whatsapp'] as const;
export type BotSource = (typeof BOT_SOURCES)[number];

/** Development only: production sets TELEGRAM_BOT_SECRET / WHATSAPP_BOT_SECRET (API README). */
export const DEV_BOT_SECRETS: Record<BotSource, string> = {
  telegram: 'gallop-telegram-bot-development-secret',
  whatsapp: 'gallop-whatsapp-bot-development-secret',
};

const SECRET_HEADERS: Record<BotSource, string> = {
  telegram: 'x-telegram-bot-api-secret-token',
  whatsapp: 'x-gallop-bot-secret',
};

export const botWebhookPath = (source: BotSource) => `/crm/api/bots/${source}/webhook`;

/**
 * Each webhook's secret: the configured one, else the development constant outside production.
 * A webhook without a secret (production, unset) is not served.
 */
export function botSecrets(
  env: Pick<Env, 'NODE_ENV' | 'TELEGRAM_BOT_SECRET' | 'WHATSAPP_BOT_SECRET'>,
): Partial<Record<BotSource, string>> {
  const configured = { telegram: env.TELEGRAM_BOT_SECRET, whatsapp: env.WHATSAPP_BOT_SECRET };
  const production = env.NODE_ENV === 'production';
  return Object.fromEntries(
    BOT_SOURCES.flatMap((source) => {
      const secret = sharedSecret(configured[source], DEV_BOT_SECRETS[source], production);
      return secret ? [[source, secret]] : [];
    }),
  );
}

/** Messages one messenger chat may send the bot in 15 minutes; later ones are dropped. */
export const BOT_MESSAGE_LIMIT = 10;
/** The chats told "notifications are on" live (the notifications list's size). */
const ANNOUNCED_CHATS_LIMIT = 100;
/** A connection code as typed: the alphabet is checked by the lookup, not here. */
const CODE_SHAPE = /^[A-Za-z0-9]{6}$/;
/** `/start PAYLOAD` (Telegram deep links; `/start@bot_name` in groups). */
const START_COMMAND = /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/;

/** How each messenger is named to people. */
export const BOT_TITLES: Record<BotSource, string> = { telegram: 'Telegram', whatsapp: 'WhatsApp' };

export type BotOutcome = 'linked' | 'code-failed' | 'help' | 'ignored';

export interface BotDeps {
  db: Database;
  realtime: ChatRealtime;
  /** The web's public address, for the chat link in replies. */
  publicUrl: string;
}

/** What the bot says back: every reply is an outbox row to the messenger chat. */
function replies(source: BotSource, chatLink: string) {
  const steps = `open a conversation at ${chatLink}, choose "Notify me", then ${BOT_TITLES[source]}, and send the new code here`;
  return {
    linked: {
      kind: 'chat-messenger-linked',
      subject: 'Chat notifications are on',
      body: `Done: replies to your Gallop conversations will arrive here while you are away from the site. To stop them for a conversation, open it at ${chatLink} and choose "Turn off".`,
    },
    'code-failed': {
      kind: 'chat-messenger-code-failed',
      subject: 'The code did not work',
      body: `That code did not work: a code works once, for 15 minutes. To get a new one, ${steps}.`,
    },
    help: {
      kind: 'chat-messenger-help',
      subject: 'How to get chat replies here',
      body: `To get replies to your Gallop conversations here, ${steps}.`,
    },
  } as const;
}

/**
 * Holds the account a connection code was issued to, a share lock of its row until the
 * transaction ends: a new password ends the account's messenger links and codes under that row's
 * lock (accounts' `setPassword`, decision 198), so a code redeemed meanwhile either
 * links before it (and that link ends) or finds the code ended. Taken before the code's own row,
 * in the order `setPassword` takes them (a deadlock otherwise: the link's foreign key shares the
 * row too). The code is read as `redeemConnectionCode` reads it.
 */
async function holdCodeAccount(tx: Database, source: BotSource, code: string) {
  const issuedTo = tx
    .select({ userId: chatConnectionCodes.userId })
    .from(chatConnectionCodes)
    .where(
      and(
        eq(chatConnectionCodes.source, source),
        eq(chatConnectionCodes.codeHash, hashSecret(code.trim().toUpperCase())),
      ),
    );
  await tx.select({ id: users.id }).from(users).where(inArray(users.id, issuedTo)).for('key share');
}

/**
 * What a message to the bot does. A code (bare, or as `/start CODE` from the web's deep link)
 * links the messenger chat, turns the user's muted chats back on and tells their open pages; a
 * code that does not work gets a reply saying so. `/start` with anything else is some other deep
 * link (support contacts, listChatSources) and is left alone; other text gets the instructions.
 */
export async function handleBotMessage(
  deps: BotDeps,
  source: BotSource,
  externalId: string,
  text: string,
): Promise<BotOutcome> {
  const { db } = deps;
  const trimmed = text.trim();
  const start = START_COMMAND.exec(trimmed);
  const candidate = start ? start[1] : trimmed;
  const isCode = candidate !== undefined && CODE_SHAPE.test(candidate);
  if (start && candidate !== undefined && !isCode) return 'ignored';

  const said = replies(source, new URL('/chat', deps.publicUrl).href);
  const reply = (outcome: keyof typeof said) => ({
    ...said[outcome],
    channel: source,
    recipient: externalId,
    payload: { source, outcome },
  });
  if (!isCode) {
    await db.insert(outbox).values(reply('help'));
    return 'help';
  }

  const userId = await db.transaction(async (tx) => {
    await holdCodeAccount(tx, source, candidate);
    const linkedUser = await redeemConnectionCode(tx, source, candidate, externalId);
    if (linkedUser === undefined) {
      await tx.insert(outbox).values(reply('code-failed'));
      return undefined;
    }
    // Linking is turning notifications on: every chat the user had muted speaks again.
    await tx.delete(chatNotificationMutes).where(eq(chatNotificationMutes.userId, linkedUser));
    await tx.insert(outbox).values(reply('linked'));
    return linkedUser;
  });
  if (userId === undefined) return 'code-failed';
  await announceNotificationsOn(deps, userId);
  return 'linked';
}

/** `crm_user_chat_notifications_enabled` `{ enabled: true }` for each of the user's chats. */
async function announceNotificationsOn({ db, realtime }: BotDeps, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return;
  const viewer = await loadViewer(db, user);
  const rows = await db
    .select({ id: chats.id })
    .from(chats)
    .where(visibleTo(viewer))
    .orderBy(desc(chats.lastMessageAt), desc(chats.id))
    .limit(ANNOUNCED_CHATS_LIMIT);
  for (const { id } of rows) {
    realtime.toUser(userId, 'crm_user_chat_notifications_enabled', { chat_id: id, enabled: true });
  }
}

/** Equal strings, compared in constant time (digests first, so lengths leak nothing either). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** https://core.telegram.org/bots/api#update: only messages matter; other fields pass. */
const TELEGRAM_UPDATE = {
  type: 'object',
  required: ['update_id'],
  properties: {
    update_id: { type: 'integer' },
    message: {
      type: 'object',
      required: ['chat'],
      properties: {
        text: { type: 'string' },
        chat: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer' }, type: { type: 'string' } },
        },
      },
    },
  },
} as const;

interface TelegramUpdate {
  update_id: number;
  message?: { text?: string; chat: { id: number; type?: string } };
}

/** The documented shape other messengers' bridges post. */
const BRIDGE_MESSAGE = {
  type: 'object',
  required: ['external_id', 'text'],
  additionalProperties: false,
  properties: {
    external_id: { type: 'string', minLength: 1, maxLength: 128 },
    text: { type: 'string', maxLength: 4096 },
  },
} as const;

interface BridgeMessage {
  external_id: string;
  text: string;
}

/** The message in a webhook's body, or undefined when there is nothing for the bot to do. */
type ReadMessage<Body> = (body: Body) => { externalId: string; text: string } | undefined;

const readTelegram: ReadMessage<TelegramUpdate> = ({ message }) =>
  // Only private chats: in a group the replies would be read by everyone in it.
  message?.text !== undefined && (message.chat.type ?? 'private') === 'private'
    ? { externalId: String(message.chat.id), text: message.text }
    : undefined;

const readBridge: ReadMessage<BridgeMessage> = (body) => ({
  externalId: body.external_id,
  text: body.text,
});

export interface BotWebhookOptions extends BotDeps {
  secrets: Partial<Record<BotSource, string>>;
  /** The app's rate limits (Redis or memory); in memory of their own without them. */
  rateLimits?: RateLimits | undefined;
}

const OK = { ok: true } as const;

/** Registers the webhook of each messenger that has a secret. */
export function registerBotWebhooks(app: FastifyInstance, options: BotWebhookOptions): void {
  const limiter: RateLimiter = createRateLimiter({
    name: 'bot-messages',
    limit: BOT_MESSAGE_LIMIT,
    windowMs: 15 * 60_000,
    limits: options.rateLimits,
  });

  function webhook<Body>(source: BotSource, schema: object, read: ReadMessage<Body>): void {
    const secret = options.secrets[source];
    if (!secret) {
      app.log.info({ source }, 'bots: no secret is set, so this webhook is off');
      return;
    }
    const header = SECRET_HEADERS[source];
    app.post<{ Body: Body }>(
      botWebhookPath(source),
      {
        bodyLimit: 64 * 1024,
        schema: { body: schema },
        // Before the body is read: a wrong secret is 401 whatever it sent.
        onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
          const given = request.headers[header];
          if (typeof given !== 'string' || !sameSecret(given, secret)) {
            return reply.code(401).send({ message: 'Unauthorized' });
          }
        },
      },
      async (request) => {
        const message = read(request.body as Body);
        if (!message) return OK;
        // A messenger cannot solve a captcha: over the limit, messages are dropped.
        if (!(await limiter.allow(`${source}:${message.externalId}`)).allowed) {
          request.log.info({ source }, 'bots: too many messages from one chat, dropped');
          return OK;
        }
        try {
          const outcome = await handleBotMessage(options, source, message.externalId, message.text);
          request.log.info({ source, outcome }, 'bots: message handled');
        } catch (error) {
          // A retry would not fare better and Telegram retries anything but 2xx: log, answer ok.
          request.log.error({ err: error, source }, 'bots: handling a message failed');
        }
        return OK;
      },
    );
  }

  webhook<TelegramUpdate>('telegram', TELEGRAM_UPDATE, readTelegram);
  webhook<BridgeMessage>('whatsapp', BRIDGE_MESSAGE, readBridge);
}
