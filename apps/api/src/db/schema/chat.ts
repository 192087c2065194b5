import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { organizers } from './organizers.ts';
import { tours } from './tours.ts';

/**
 * The accounts (role organizer) that act for an organizer: they answer its chats. An organizer
 * may have several staff accounts, and an account may work for several organizers.
 */
export const organizerMembers = pgTable(
  'organizer_members',
  {
    organizerId: integer()
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizerId, table.userId] }),
    index('organizer_members_user_idx').on(table.userId),
  ],
);

/**
 * A conversation between a traveller (`client_id`) and the other side: an organizer's staff
 * (kind organizer) or Gallop support (kind support). One chat per traveller and organizer, one
 * support chat per traveller. Read positions are kept per side (the staff of an organizer share
 * one inbox): the id of the last message that side has read.
 */
export const chats = pgTable(
  'chats',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    kind: text({ enum: ['organizer', 'support'] }).notNull(),
    clientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizerId: integer().references(() => organizers.id, { onDelete: 'cascade' }),
    /** The tour the conversation started from, if any. */
    tourId: integer().references(() => tours.id, { onDelete: 'set null' }),
    title: text().notNull(),
    /** A frozen chat (by moderation) can be read but takes no new messages. */
    isFrozen: boolean().notNull().default(false),
    clientReadId: integer().notNull().default(0),
    staffReadId: integer().notNull().default(0),
    /** When each side was last e-mailed about a new message (at most one per 15 minutes). */
    clientEmailedAt: timestamp({ withTimezone: true }),
    staffEmailedAt: timestamp({ withTimezone: true }),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('chats_client_organizer_key')
      .on(table.clientId, table.organizerId)
      .where(sql`kind = 'organizer'`),
    uniqueIndex('chats_client_support_key')
      .on(table.clientId)
      .where(sql`kind = 'support'`),
    index('chats_client_idx').on(table.clientId, table.lastMessageAt.desc()),
    index('chats_organizer_idx').on(table.organizerId, table.lastMessageAt.desc()),
  ],
);

/**
 * One message. `side` says who wrote it (the traveller, or the staff side: organizer or support),
 * which is what makes a message `output` or `input` for a viewer. `client_id` is the sender's own
 * id for the message: a retried send with the same one is stored once.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    side: text({ enum: ['client', 'staff'] }).notNull(),
    /** The account that wrote it; null for messages the system writes (the support welcome). */
    senderId: integer().references(() => users.id, { onDelete: 'set null' }),
    clientId: text(),
    body: text().notNull().default(''),
    /** An uploaded file (the uploads table); kept as a plain id so uploads can be purged. */
    fileId: integer(),
    /** Gallop support hid it (text and file); the body is kept for support's records. */
    isModerated: boolean().notNull().default(false),
    moderatedAt: timestamp({ withTimezone: true }),
    moderatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** When its author last changed the text. */
    editedAt: timestamp({ withTimezone: true }),
    /** When its author deleted it (the body and the file are wiped then). */
    deletedAt: timestamp({ withTimezone: true }),
    /**
     * Where the attachment is in its processing (chat/attachments.ts): `pending` until the picture
     * is prepared or the document scanned, then `ready` or `failed`.
     */
    fileStatus: text({ enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('ready'),
    /** The booking a system message tells about (decision 091); a plain id, like `fileId`. */
    requestId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * When the participants' sockets were told. Messages sent through the API are pushed at once;
     * a system message written in a booking's transaction waits (null) for the announcer, which
     * pushes it after commit (chat/system-announcer.ts).
     */
    announcedAt: timestamp({ withTimezone: true }).defaultNow(),
  },
  (table) => [
    index('chat_messages_chat_idx').on(table.chatId, table.id.desc()),
    index('chat_messages_pending_file_idx')
      .on(table.id)
      .where(sql`file_status = 'pending'`),
    index('chat_messages_unannounced_idx')
      .on(table.id)
      .where(sql`announced_at is null`),
    uniqueIndex('chat_messages_client_id_key')
      .on(table.senderId, table.clientId)
      .where(sql`client_id is not null`),
  ],
);

/** A messenger account linked to a user (by a connection code sent to the messenger bot). */
export const chatMessengerLinks = pgTable(
  'chat_messenger_links',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text().notNull(),
    /** The user's chat id in the messenger, where notifications are delivered. */
    externalId: text().notNull(),
    connectedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.source] })],
);

/** A short code the user sends to the messenger bot to link it; only its hash is kept. */
export const chatConnectionCodes = pgTable(
  'chat_connection_codes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text().notNull(),
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('chat_connection_codes_hash_key').on(table.source, table.codeHash),
    index('chat_connection_codes_user_idx').on(table.userId, table.createdAt),
  ],
);

/** Chats whose messenger notifications a user has turned off. */
export const chatNotificationMutes = pgTable(
  'chat_notification_mutes',
  {
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.chatId, table.userId] })],
);
