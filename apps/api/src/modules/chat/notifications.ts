/**
 * Where chat notifications go besides the socket: messenger channels (linked with a short code
 * the user sends to the site's messenger bot), per-chat mutes, and an e-mail through the outbox
 * when the receiving side has no connected socket (at most one per chat and side in 15 minutes).
 */
import type { components } from '@gallop/api-client';
import { randomInt } from 'node:crypto';
import { and, eq, gt, inArray, isNull, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import {
  chatConnectionCodes,
  chatMessengerLinks,
  chatNotificationMutes,
  chats,
  organizers,
  outbox,
  users,
} from '#src/db/schema/index.ts';
import { hashSecret } from '#src/modules/sessions/index.ts';
import {
  orderMessengers,
  readSiteSettings,
  type MessengerSource,
} from '#src/modules/content/index.ts';
import { participantIds, SUPPORT_TITLE, type ChatRow, type Side } from './chats.ts';
import type { ChatRealtime } from './events.ts';
import type { MessageRow } from './messages.ts';

type Schemas = components['schemas'];
export type Channel = Schemas['Channel'];
export type ChatSource = Schemas['ChatSource'];

/** Stable ids of the messenger sources (the contract's `source_id`), in the enum's order. */
export const MESSENGER_SOURCES: readonly MessengerSource[] = [
  'telegram',
  'vk',
  'ok',
  'whatsapp',
  'viber',
  'facebook',
  'instagram',
];
const TITLES: Record<MessengerSource, string> = {
  telegram: 'Telegram',
  vk: 'VK',
  ok: 'OK',
  whatsapp: 'WhatsApp',
  viber: 'Viber',
  facebook: 'Facebook Messenger',
  instagram: 'Instagram',
};
export const sourceId = (source: MessengerSource) => MESSENGER_SOURCES.indexOf(source) + 1;

/** The site's messenger links in display order (spec: facebook first without Russian). */
async function siteMessengers(db: Database): Promise<[MessengerSource, string][]> {
  const { messengers } = await readSiteSettings(db, ['messengers']);
  return Object.entries(orderMessengers(messengers)).flatMap(([source, url]) =>
    MESSENGER_SOURCES.includes(source as MessengerSource) && typeof url === 'string'
      ? [[source as MessengerSource, url] as [MessengerSource, string]]
      : [],
  );
}

/**
 * The site's messengers a user can link, `connectable` being those whose bot webhook this process
 * serves (decision 059: nothing else redeems a code), in display order. A messenger the user has
 * linked stays listed, as connected, even when its webhook is off: the link stands (notices still
 * go to a linked Telegram or WhatsApp chat), so the user sees where. Such a one has no
 * `source_id`: its chats can be muted, but no code links it again.
 */
export async function listChannels(
  db: Database,
  userId: number,
  connectable: readonly MessengerSource[],
): Promise<Channel[]> {
  const [messengers, links] = await Promise.all([
    siteMessengers(db),
    db
      .select({ source: chatMessengerLinks.source })
      .from(chatMessengerLinks)
      .where(eq(chatMessengerLinks.userId, userId)),
  ]);
  const linked = new Set(links.map((link) => link.source));
  return messengers.flatMap(([source, url]) => {
    const offered = connectable.includes(source);
    if (!offered && !linked.has(source)) return [];
    return [
      {
        source,
        ...(offered ? { source_id: sourceId(source) } : {}),
        title: TITLES[source],
        is_connected: linked.has(source),
        url,
      },
    ];
  });
}

/**
 * The messenger a `source_id` names when a code can link it: the site offers it and its bot's
 * webhook is served (`connectable`); otherwise why not, as a message.
 */
export async function findChannelSource(
  db: Database,
  id: number,
  connectable: readonly MessengerSource[],
): Promise<{ source: MessengerSource } | { refused: string }> {
  const source = MESSENGER_SOURCES[id - 1];
  const messengers = source ? await siteMessengers(db) : [];
  if (!source || !messengers.some(([offered]) => offered === source)) {
    return { refused: 'Messenger not found' };
  }
  if (!connectable.includes(source)) {
    return {
      refused: `${TITLES[source]} cannot be connected: this site has no bot that takes its codes`,
    };
  }
  return { source };
}

/** Codes are short to type into a messenger: no 0/O or 1/I to confuse. */
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const CONNECTION_CODE_LENGTH = 6;
const CONNECTION_CODE_TTL_MS = 15 * 60_000;

function randomConnectionCode(): string {
  return Array.from(
    { length: CONNECTION_CODE_LENGTH },
    () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  ).join('');
}

/** A fresh code for linking `source`; earlier unused codes of the user for it stop working. */
export async function issueConnectionCode(
  db: Database,
  userId: number,
  source: MessengerSource,
  now = new Date(),
): Promise<string> {
  const code = randomConnectionCode();
  await db
    .update(chatConnectionCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(chatConnectionCodes.userId, userId),
        eq(chatConnectionCodes.source, source),
        isNull(chatConnectionCodes.usedAt),
      ),
    );
  await db.insert(chatConnectionCodes).values({
    userId,
    source,
    codeHash: hashSecret(code),
    expiresAt: new Date(now.getTime() + CONNECTION_CODE_TTL_MS),
  });
  return code;
}

/**
 * What the messenger bot calls when a user sends it a code: links the messenger chat
 * (`externalId`) to the user the code was issued to. Answers that user, or undefined for an
 * unknown, used or expired code. A code works once.
 */
export async function redeemConnectionCode(
  db: Database,
  source: MessengerSource,
  code: string,
  externalId: string,
  now = new Date(),
): Promise<number | undefined> {
  const [used] = await db
    .update(chatConnectionCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(chatConnectionCodes.source, source),
        eq(chatConnectionCodes.codeHash, hashSecret(code.trim().toUpperCase())),
        isNull(chatConnectionCodes.usedAt),
        gt(chatConnectionCodes.expiresAt, now),
      ),
    )
    .returning({ userId: chatConnectionCodes.userId });
  if (!used) return undefined;
  await db
    .insert(chatMessengerLinks)
    .values({ userId: used.userId, source, externalId, connectedAt: now })
    .onConflictDoUpdate({
      target: [chatMessengerLinks.userId, chatMessengerLinks.source],
      set: { externalId, connectedAt: now },
    });
  return used.userId;
}

/**
 * The site's messenger links for starting a conversation with support. A Telegram link carries
 * what the visitor came from as its `start` parameter (Telegram deep links: letters, digits,
 * `_` and `-`, at most 64 characters), so support sees the booking or client in question.
 */
export async function listChatSources(
  db: Database,
  context: { client_id?: number; request_id?: number; subscriber_id?: string; webinar_id?: number },
): Promise<ChatSource[]> {
  const start = [
    context.request_id === undefined ? undefined : `request_${context.request_id}`,
    context.client_id === undefined ? undefined : `client_${context.client_id}`,
    context.webinar_id === undefined ? undefined : `webinar_${context.webinar_id}`,
    context.subscriber_id === undefined
      ? undefined
      : `subscriber_${context.subscriber_id.replace(/[^A-Za-z0-9_-]/g, '')}`,
  ]
    .filter(Boolean)
    .join('-')
    .slice(0, 64);
  return (await siteMessengers(db)).map(([source, url]) => ({
    source,
    url: source === 'telegram' && start ? withStart(url, start) : url,
  }));
}

function withStart(url: string, start: string): string {
  try {
    const parsed = new URL(url);
    parsed.searchParams.set('start', start);
    return parsed.href;
  } catch {
    return url;
  }
}

/** The messengers the outbox can deliver to (its `channel` values). */
const MESSENGER_CHANNELS = ['telegram', 'vk', 'whatsapp'] as const;
type MessengerChannel = (typeof MESSENGER_CHANNELS)[number];

const EMAIL_INTERVAL = sql`interval '15 minutes'`;

/**
 * E-mails the side that did not write `message` when none of its accounts has a connected
 * socket: "You have a new message from …" with a link to the chat. At most one e-mail per chat
 * and side in 15 minutes (claimed with one conditional update, so concurrent sends queue one).
 */
export async function emailOfflineRecipients(
  db: Database,
  realtime: ChatRealtime,
  chat: ChatRow,
  message: MessageRow,
  publicUrl: string,
): Promise<number> {
  const receiving: Side = message.side === 'client' ? 'staff' : 'client';
  const everyone = await participantIds(db, chat);
  const recipientIds =
    receiving === 'client' ? [chat.clientId] : everyone.filter((id) => id !== chat.clientId);
  if (recipientIds.length === 0) return 0;
  const online = await Promise.all(recipientIds.map((id) => realtime.isOnline(id)));
  if (online.some(Boolean)) return 0;
  const [recipients, messengers] = await Promise.all([
    db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(inArray(users.id, recipientIds), isNotNull(users.email))),
    // Linked messengers the outbox can deliver to, unless the user muted this chat.
    db
      .select({ source: chatMessengerLinks.source, externalId: chatMessengerLinks.externalId })
      .from(chatMessengerLinks)
      .leftJoin(
        chatNotificationMutes,
        and(
          eq(chatNotificationMutes.userId, chatMessengerLinks.userId),
          eq(chatNotificationMutes.chatId, chat.id),
        ),
      )
      .where(
        and(
          inArray(chatMessengerLinks.userId, recipientIds),
          inArray(chatMessengerLinks.source, [...MESSENGER_CHANNELS]),
          isNull(chatNotificationMutes.chatId),
        ),
      ),
  ]);
  if (recipients.length === 0 && messengers.length === 0) return 0;

  const column = receiving === 'client' ? chats.clientEmailedAt : chats.staffEmailedAt;
  const [claimed] = await db
    .update(chats)
    .set({ [receiving === 'client' ? 'clientEmailedAt' : 'staffEmailedAt']: sql`now()` })
    .where(
      and(eq(chats.id, chat.id), or(isNull(column), lt(column, sql`now() - ${EMAIL_INTERVAL}`))),
    )
    .returning({ id: chats.id });
  if (!claimed) return 0;

  const from = await senderName(db, chat, message);
  const link = new URL(`/chat/${chat.id}`, publicUrl).href;
  const preview = message.body.length > 200 ? `${message.body.slice(0, 200)}…` : message.body;
  const subject = `You have a new message from ${from}`;
  const text = `You have a new message from ${from}${preview ? `:\n\n"${preview}"` : '.'}\n\nOpen the conversation to reply: ${link}`;
  const payload = { chatId: chat.id, messageId: message.id, link };
  const rows: (typeof outbox.$inferInsert)[] = [
    ...recipients.map((recipient) => ({
      kind: 'chat-new-message',
      channel: 'email' as const,
      recipient: recipient.email!,
      subject,
      body: `Hello,\n\n${text}\n\nThe Gallop team`,
      payload,
    })),
    ...messengers.map((link) => ({
      kind: 'chat-new-message',
      channel: link.source as MessengerChannel,
      recipient: link.externalId,
      subject,
      body: text,
      payload,
    })),
  ];
  await db.insert(outbox).values(rows);
  return rows.length;
}

async function senderName(db: Database, chat: ChatRow, message: MessageRow): Promise<string> {
  if (message.side === 'staff') {
    if (chat.kind === 'support' || chat.organizerId === null) return SUPPORT_TITLE;
    const [organizer] = await db
      .select({ name: organizers.name })
      .from(organizers)
      .where(eq(organizers.id, chat.organizerId));
    return organizer?.name ?? chat.title;
  }
  const [client] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, chat.clientId));
  const name = [client?.firstName, client?.lastName].filter(Boolean).join(' ');
  return name || 'a traveller';
}
