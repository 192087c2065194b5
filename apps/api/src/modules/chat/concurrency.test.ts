/**
 * Chat writes under concurrency (decision 101): retried sends (the same client id at once), a
 * question asked from a tour page twice, an edit racing a deletion, two moderators, and two API
 * processes processing one attachment. On PostgreSQL (CI, `api-postgres`) the calls really
 * overlap over a pool of connections; on PGlite they run one after another and the same
 * assertions hold.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { chatMessages, chats, uploads } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller } from '#src/testing/call.ts';
import { pngFile, uploadCaller } from '#src/modules/uploads/testing.ts';
import { DEFAULT_UPLOADS_DIR, UploadStore } from '#src/modules/uploads/index.ts';
import { processAttachment } from './attachments.ts';
import { noSocketServer } from './events.ts';
import { chatAccount, recordingRealtime, unoccupiedOrganizer } from './testing.ts';

let testApp: TestApp;
let db: Database;

beforeAll(async () => {
  testApp = await buildTestApp({ CHAT_SEND_LIMIT: '1000', UPLOAD_LIMIT: '1000' });
  db = testApp.database.db;
});
afterAll(() => testApp.close());

const call = contractCaller(() => testApp.app);
const upload = uploadCaller(() => testApp.app);
const RACERS = 8;

const openChat = (token: string, payload: object) =>
  call('getChatWithOrganizer', 'POST', '/crm/api/chat/get-chat-with-organizer', { token, payload });

const messagesIn = async (chatId: number) =>
  (await db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.chatId, chatId)))[0]!.n;

describe('a question asked from a tour page, sent again at once', () => {
  it('opens one chat and stores the question once', async () => {
    const organizer = await unoccupiedOrganizer(db);
    const traveller = await chatAccount(db);
    const question = {
      organizer_id: organizer.id,
      message: 'Do you take beginners?',
      client_id: randomUUID(),
    };
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () => openChat(traveller.token, question)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(RACERS).fill(200));
    const chatIds = new Set(answers.map((answer) => answer.body.id));
    expect(chatIds.size).toBe(1);
    const [chatId] = [...chatIds] as number[];
    expect(Number(await messagesIn(chatId!))).toBe(1);
    const owned = await db
      .select({ n: count() })
      .from(chats)
      .where(and(eq(chats.clientId, traveller.user.id), eq(chats.organizerId, organizer.id)));
    expect(Number(owned[0]!.n)).toBe(1);
  });
});

describe('an edit racing a deletion', () => {
  it('never leaves a deleted message with text', async () => {
    const organizer = await unoccupiedOrganizer(db);
    const traveller = await chatAccount(db);
    const { body: chat } = await openChat(traveller.token, { organizer_id: organizer.id });
    for (let round = 0; round < 4; round += 1) {
      const { body: sent } = await call('sendChatMessage', 'POST', '/crm/api/chat/send-message', {
        token: traveller.token,
        payload: { chat_id: chat.id, message: `Draft ${round}`, client_id: randomUUID() },
      });
      const answers = await Promise.all([
        ...Array.from({ length: RACERS / 2 }, (_, i) =>
          call('editChatMessage', 'POST', '/crm/api/chat/edit-message', {
            token: traveller.token,
            payload: { message_id: sent.id, message: `Edit ${round}.${i}` },
          }),
        ),
        call('deleteChatMessage', 'POST', '/crm/api/chat/delete-message', {
          token: traveller.token,
          payload: { message_id: sent.id },
        }),
      ]);
      // An edit that came after the deletion is refused; none is a server error.
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, sent.id));
      expect(row!.deletedAt).not.toBeNull();
      expect(row!.body).toBe('');
    }
  });
});

describe('two moderators hide one message at once', () => {
  it('hides it once, by one of them', async () => {
    const organizer = await unoccupiedOrganizer(db);
    const traveller = await chatAccount(db);
    const { body: chat } = await openChat(traveller.token, {
      organizer_id: organizer.id,
      message: 'Pay me outside the site',
      client_id: randomUUID(),
    });
    const moderators = await Promise.all([chatAccount(db, 'support'), chatAccount(db, 'support')]);
    const answers = await Promise.all(
      moderators.map((moderator) =>
        call('moderateChatMessage', 'POST', '/crm/api/chat/moderate-message', {
          token: moderator.token,
          payload: { message_id: chat.last_message.id },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [row] = await db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.id, chat.last_message.id));
    expect(row!.isModerated).toBe(true);
    expect(moderators.map((moderator) => moderator.user.id)).toContain(row!.moderatedBy);
  });
});

describe('two API processes meet on one pending attachment', () => {
  it('keeps one result, announces it once and leaves no stray copy', async () => {
    const organizer = await unoccupiedOrganizer(db);
    const traveller = await chatAccount(db);
    const { body: chat } = await openChat(traveller.token, { organizer_id: organizer.id });
    const uploaded = await upload('uploadImage', '/crm/api/image/upload', {
      file: await pngFile('gate.png', 300, 200),
      fields: { bucket: 'chat' },
      token: traveller.token,
    });
    // Stored as pending without this process's own processing: as if its process had stopped.
    const [message] = await db
      .insert(chatMessages)
      .values({
        chatId: chat.id,
        side: 'client',
        senderId: traveller.user.id,
        body: '',
        fileId: uploaded.body.id,
        fileStatus: 'pending',
      })
      .returning();
    const store = new UploadStore(DEFAULT_UPLOADS_DIR);
    const realtimes = [recordingRealtime(), recordingRealtime(), recordingRealtime()];
    const outcomes = await Promise.all(
      realtimes.map((realtime) => processAttachment(db, store, realtime, message!.id)),
    );
    expect(outcomes.filter((outcome) => outcome === 'ready')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === undefined)).toHaveLength(realtimes.length - 1);
    const announced = realtimes.flatMap((realtime) =>
      realtime.pushed.filter((push) => push.event === 'attachment_download_status_was_changed'),
    );
    expect(announced).toHaveLength(1);
    expect(announced[0]!.room).toBe(`chat:${chat.id}`);
    const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, message!.id));
    expect(row!.fileStatus).toBe('ready');
    const copies = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.ownerUserId, traveller.user.id), like(uploads.purpose, 'chat:%')));
    expect(copies.map((copy) => copy.id)).toEqual([row!.fileId]);
    // Done: a late sweep finds nothing to do.
    expect(await processAttachment(db, store, noSocketServer, message!.id)).toBeUndefined();
  });
});
