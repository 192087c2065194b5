import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { chatMessages, chats } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller, type Json } from '#src/testing/call.ts';
import { pdfFile, uploadCaller } from '#src/modules/uploads/testing.ts';
import { storeMessage } from './messages.ts';
import { CHAT_FROZEN, EDIT_WINDOW_MS } from './message-rules.ts';
import { chatAccount, unoccupiedOrganizer, untilAttachmentSettled } from './testing.ts';

let testApp: TestApp;
let db: Database;

beforeAll(async () => {
  testApp = await buildTestApp({ CHAT_SEND_LIMIT: '1000', UPLOAD_LIMIT: '1000' });
  db = testApp.database.db;
});
afterAll(() => testApp.close());

const call = contractCaller(() => testApp.app);
const upload = uploadCaller(() => testApp.app);

const send = (token: string, payload: object) =>
  call('sendChatMessage', 'POST', '/crm/api/chat/send-message', { token, payload });
const edit = (token: string | undefined, payload: object) =>
  call('editChatMessage', 'POST', '/crm/api/chat/edit-message', { token, payload });
const remove = (token: string | undefined, payload: object) =>
  call('deleteChatMessage', 'POST', '/crm/api/chat/delete-message', { token, payload });
const moderate = (token: string | undefined, payload: object) =>
  call('moderateChatMessage', 'POST', '/crm/api/chat/moderate-message', { token, payload });
const freeze = (token: string | undefined, payload: object) =>
  call('freezeChat', 'POST', '/crm/api/chat/freeze-chat', { token, payload });
const messages = async (token: string, chatId: number): Promise<Json[]> =>
  (await call('getChatMessages', 'GET', `/crm/api/chat/get-messages?chat_id=${chatId}`, { token }))
    .body.items;
const messageSeen = async (token: string, chatId: number, id: number) =>
  (await messages(token, chatId)).find((item) => item.id === id);

/** A traveller, an organizer's staff account and their chat with one message of each. */
async function conversation() {
  const organizer = await unoccupiedOrganizer(db);
  const [traveller, staff] = await Promise.all([
    chatAccount(db),
    chatAccount(db, 'organizer', organizer.id),
  ]);
  const opened = await call(
    'getChatWithOrganizer',
    'POST',
    '/crm/api/chat/get-chat-with-organizer',
    {
      token: traveller.token,
      payload: { organizer_id: organizer.id, message: 'Is the trail steep?' },
    },
  );
  const chat = opened.body;
  const question = chat.last_message;
  const reply = (await send(staff.token, { chat_id: chat.id, message: 'A little, at the pass.' }))
    .body;
  return { traveller, staff, chat, question, reply };
}

describe('editing a message', () => {
  it("lets the author change their text for 24 hours; the other side sees it 'edited'", async () => {
    const { traveller, staff, chat, question } = await conversation();
    expect(question).toMatchObject({ can_edit: true, can_delete: true, edited_at: null });
    expect(Date.parse(question.editable_until) - Date.parse(question.created_at)).toBe(
      EDIT_WINDOW_MS,
    );
    const edited = await edit(traveller.token, {
      message_id: question.id,
      message: '  Is the trail steep in May?  ',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: question.id,
      type: 'output',
      message: 'Is the trail steep in May?',
      can_edit: true,
    });
    expect(edited.body.edited_at).not.toBeNull();
    const seen = await messageSeen(staff.token, chat.id, question.id);
    expect(seen).toMatchObject({
      type: 'input',
      message: 'Is the trail steep in May?',
      edited_at: edited.body.edited_at,
      can_edit: false,
      can_delete: false,
      editable_until: null,
    });
    // The same text again changes nothing.
    const same = await edit(traveller.token, {
      message_id: question.id,
      message: 'Is the trail steep in May?',
    });
    expect(same.status).toBe(200);
    expect(same.body.edited_at).toBe(edited.body.edited_at);
  });

  it('refuses everyone but the author, late edits, files, deleted and hidden messages', async () => {
    const { traveller, staff, chat, question, reply } = await conversation();
    const stranger = await chatAccount(db);

    const notAuthor = await edit(staff.token, { message_id: question.id, message: 'Hacked' });
    expect(notAuthor.status).toBe(403);
    expect(notAuthor.body.message).toBe('Only its author can edit this message');
    const otherSide = await edit(traveller.token, { message_id: reply.id, message: 'Hacked' });
    expect(otherSide.status).toBe(403);
    for (const id of [question.id, 2_000_000_000]) {
      const hidden = await edit(stranger.token, { message_id: id, message: 'Hi' });
      expect(hidden.status).toBe(404);
      expect(hidden.body.message).toBe('Message not found');
    }
    expect((await edit(undefined, { message_id: question.id, message: 'x' })).status).toBe(401);
    const badId = await edit(traveller.token, { message_id: 'abc', message: 'x' });
    expect(badId.status).toBe(400);
    const blank = await edit(traveller.token, { message_id: question.id, message: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.message).toEqual(['Write the new text of the message']);

    const late = await storeMessage(db, {
      chat: await chatRow(chat.id),
      side: 'client',
      senderId: traveller.user.id,
      body: 'Written yesterday',
      at: new Date(Date.now() - EDIT_WINDOW_MS - 60_000),
    });
    const tooLate = await edit(traveller.token, { message_id: late.row.id, message: 'Now' });
    expect(tooLate.status).toBe(403);
    expect(tooLate.body.message).toBe('A message can only be edited within 24 hours of sending');
    expect(await messageSeen(traveller.token, chat.id, late.row.id)).toMatchObject({
      can_edit: false,
      can_delete: false,
    });

    const file = await upload('uploadFile', '/crm/api/file/upload', {
      file: pdfFile(),
      token: traveller.token,
    });
    const withFile = await send(traveller.token, { chat_id: chat.id, file_id: file.body.id });
    expect(withFile.body).toMatchObject({ can_edit: false, can_delete: true });
    const fileEdit = await edit(traveller.token, { message_id: withFile.body.id, message: 'x' });
    expect(fileEdit.status).toBe(422);
    expect(fileEdit.body.errors.message_id).toEqual([
      'Only the text of a message without a file can be edited',
    ]);

    await remove(traveller.token, { message_id: question.id });
    const deleted = await edit(traveller.token, { message_id: question.id, message: 'Back' });
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe('This message was deleted');
  });
});

describe('deleting a message', () => {
  it("wipes it for everyone ('Message deleted'); deleting again changes nothing", async () => {
    const { traveller, staff, chat } = await conversation();
    const file = await upload('uploadFile', '/crm/api/file/upload', {
      file: pdfFile('visa.pdf'),
      token: traveller.token,
    });
    const sent = await send(traveller.token, {
      chat_id: chat.id,
      message: 'My visa',
      file_id: file.body.id,
    });
    const deleted = await remove(traveller.token, { message_id: sent.body.id });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({
      id: sent.body.id,
      message: '',
      is_deleted: true,
      can_edit: false,
      can_delete: false,
      editable_until: null,
    });
    expect(deleted.body.file).toBeUndefined();
    const seen = await messageSeen(staff.token, chat.id, sent.body.id);
    expect(seen).toMatchObject({ message: '', is_deleted: true });
    expect(seen!.file).toBeUndefined();
    const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, sent.body.id));
    expect(row).toMatchObject({ body: '', fileId: null });

    const again = await remove(traveller.token, { message_id: sent.body.id });
    expect(again.status).toBe(200);
    expect(again.body.is_deleted).toBe(true);
  });

  it('refuses the other side, strangers and late deletions', async () => {
    const { traveller, staff, question } = await conversation();
    const stranger = await chatAccount(db);
    const notAuthor = await remove(staff.token, { message_id: question.id });
    expect(notAuthor.status).toBe(403);
    expect(notAuthor.body.message).toBe('Only its author can delete this message');
    expect((await remove(stranger.token, { message_id: question.id })).status).toBe(404);
    await db
      .update(chatMessages)
      .set({ createdAt: new Date(Date.now() - EDIT_WINDOW_MS - 1_000) })
      .where(eq(chatMessages.id, question.id));
    const late = await remove(traveller.token, { message_id: question.id });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe('A message can only be deleted within 24 hours of sending');
  });
});

describe("a chat picture's own link", () => {
  it('goes only with its message: the image call cannot take it late, frozen or hidden', async () => {
    const { traveller, staff, chat } = await conversation();
    const uploaded = await upload('uploadImage', '/crm/api/image/upload', {
      file: {
        name: 'proof.png',
        type: 'image/png',
        bytes: await sharp({
          create: { width: 40, height: 40, channels: 3, background: { r: 200, g: 10, b: 10 } },
        })
          .png()
          .toBuffer(),
      },
      fields: { bucket: 'chat' },
      token: traveller.token,
    });
    expect(uploaded.status).toBe(200);
    const sent = await send(traveller.token, { chat_id: chat.id, file_id: uploaded.body.id });
    const ready = await untilAttachmentSettled(() =>
      messageSeen(staff.token, chat.id, sent.body.id),
    );
    expect(ready.file.download_status).toBe('ready');
    // Past the 24 hours, the message can no longer be deleted...
    await db
      .update(chatMessages)
      .set({ createdAt: new Date(Date.now() - EDIT_WINDOW_MS - 1_000) })
      .where(eq(chatMessages.id, sent.body.id));
    expect((await remove(traveller.token, { message_id: sent.body.id })).status).toBe(403);
    // ...nor its picture through the image call, by the id every reader of the chat sees.
    const taken = await call('deleteImage', 'POST', '/spa/delete-image?token=none', {
      token: traveller.token,
      payload: { id: ready.file.id },
    });
    expect(taken.status).toBe(403);
    const after = await messageSeen(staff.token, chat.id, sent.body.id);
    expect(after?.file).toMatchObject({ id: ready.file.id, download_status: 'ready' });
    expect((await testApp.app.inject({ method: 'GET', url: after!.file.url })).statusCode).toBe(
      200,
    );
  });
});

describe('moderation by support', () => {
  it('hides a message for everyone in any chat, with the moderated marker', async () => {
    const { traveller, staff, chat, reply } = await conversation();
    const support = await chatAccount(db, 'support');
    // Support takes no part in an organizer's chat, and may still moderate it.
    const hidden = await moderate(support.token, { message_id: reply.id });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ id: reply.id, is_moderated: true, message: '' });
    for (const token of [traveller.token, staff.token]) {
      expect(await messageSeen(token, chat.id, reply.id)).toMatchObject({
        is_moderated: true,
        message: '',
        can_edit: false,
        can_delete: false,
      });
    }
    // The text stays stored for support's records; its author cannot change it any more.
    const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, reply.id));
    expect(row).toMatchObject({ body: 'A little, at the pass.', moderatedBy: support.user.id });
    const authorEdit = await edit(staff.token, { message_id: reply.id, message: 'Again' });
    expect(authorEdit.status).toBe(403);
    expect(authorEdit.body.message).toBe('Gallop support hid this message: it cannot be changed');
    expect((await remove(staff.token, { message_id: reply.id })).status).toBe(403);
    expect((await moderate(support.token, { message_id: reply.id })).status).toBe(200);
  });

  it('is refused to travellers and organizers, and for system messages', async () => {
    const { traveller, staff, chat, question } = await conversation();
    const support = await chatAccount(db, 'support');
    for (const token of [traveller.token, staff.token]) {
      const refused = await moderate(token, { message_id: question.id });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Only Gallop support can moderate messages');
    }
    expect((await moderate(undefined, { message_id: question.id })).status).toBe(401);
    const system = await storeMessage(db, {
      chat: await chatRow(chat.id),
      side: 'staff',
      senderId: null,
      body: 'Booking #1 is confirmed.',
    });
    const own = await moderate(support.token, { message_id: system.row.id });
    expect(own.status).toBe(422);
    expect(own.body.errors.message_id).toEqual(["Gallop's own messages cannot be moderated"]);
    expect((await moderate(support.token, { message_id: 2_000_000_000 })).status).toBe(404);
  });
});

describe('freezing a chat', () => {
  it('stops sending, editing and deleting until support unfreezes it', async () => {
    const { traveller, staff, chat, question } = await conversation();
    const support = await chatAccount(db, 'support');
    const frozen = await freeze(support.token, { chat_id: chat.id, is_frozen: true });
    expect(frozen.status).toBe(200);
    expect(frozen.body).toEqual({ chat_id: chat.id, is_frozen: true });

    for (const token of [traveller.token, staff.token]) {
      const refused = await send(token, { chat_id: chat.id, message: 'Hello?' });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(CHAT_FROZEN);
    }
    for (const answer of [
      await edit(traveller.token, { message_id: question.id, message: 'Changed' }),
      await remove(traveller.token, { message_id: question.id }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(CHAT_FROZEN);
    }
    const shown = await call('getChat', 'GET', `/crm/api/chat/get-chat?chat_id=${chat.id}`, {
      token: traveller.token,
    });
    expect(shown.body).toMatchObject({ is_frozen: true, can_moderate: false });
    expect(await messageSeen(traveller.token, chat.id, question.id)).toMatchObject({
      can_edit: false,
      can_delete: false,
    });

    expect((await freeze(support.token, { chat_id: chat.id, is_frozen: true })).status).toBe(200);
    const open = await freeze(support.token, { chat_id: chat.id, is_frozen: false });
    expect(open.body.is_frozen).toBe(false);
    expect((await send(traveller.token, { chat_id: chat.id, message: 'Thanks' })).status).toBe(200);
  });

  it('is refused to anyone but support', async () => {
    const { traveller, staff, chat } = await conversation();
    for (const token of [traveller.token, staff.token]) {
      const refused = await freeze(token, { chat_id: chat.id, is_frozen: true });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Only Gallop support can freeze a chat');
    }
    expect((await freeze(undefined, { chat_id: chat.id, is_frozen: true })).status).toBe(401);
    const support = await chatAccount(db, 'support');
    const missing = await freeze(support.token, { chat_id: 2_000_000_000, is_frozen: true });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Chat not found');
    expect((await freeze(support.token, { chat_id: chat.id })).status).toBe(400);
    const [row] = await db.select().from(chats).where(eq(chats.id, chat.id));
    expect(row!.isFrozen).toBe(false);
  });

  it('tells support they may moderate', async () => {
    const support = await chatAccount(db, 'support');
    const traveller = await chatAccount(db);
    const opened = await call('getChatWithSupport', 'GET', '/crm/api/chat/get-chat-with-support', {
      token: traveller.token,
    });
    expect(opened.body.can_moderate).toBe(false);
    const seen = await call('getChat', 'GET', `/crm/api/chat/get-chat?chat_id=${opened.body.id}`, {
      token: support.token,
    });
    expect(seen.body.can_moderate).toBe(true);
  });
});

describe('attachment processing', () => {
  it('turns a picture upright, strips its metadata and resizes it before it is shown', async () => {
    const { traveller, staff, chat } = await conversation();
    // A 3000x1000 photo the camera stored sideways (orientation 6), with camera details.
    const bytes = await sharp({
      create: { width: 3000, height: 1000, channels: 3, background: { r: 90, g: 120, b: 60 } },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'GallopCam', Model: 'Trail 1' } })
      .toBuffer();
    const uploaded = await upload('uploadImage', '/crm/api/image/upload', {
      file: { name: 'pass.jpg', type: 'image/jpeg', bytes },
      fields: { bucket: 'chat' },
      token: traveller.token,
    });
    expect(uploaded.status).toBe(200);
    const sent = await send(traveller.token, {
      chat_id: chat.id,
      file_id: uploaded.body.id,
      client_id: randomUUID(),
    });
    expect(sent.body.file).toMatchObject({ download_status: 'pending', url: '' });

    const ready = await untilAttachmentSettled(() =>
      messageSeen(staff.token, chat.id, sent.body.id),
    );
    expect(ready.file).toMatchObject({ download_status: 'ready', name: 'pass.jpg' });
    expect(ready.file.id).not.toBe(uploaded.body.id);
    const served = await testApp.app.inject({ method: 'GET', url: ready.file.url });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([Math.round((1000 * 2560) / 3000), 2560]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('refuses a PDF that carries a script', async () => {
    const { traveller, staff, chat } = await conversation();
    const script = pdfFile('offer.pdf');
    script.bytes = Buffer.from(
      script.bytes
        .toString('latin1')
        .replace('/Type/Catalog', '/Type/Catalog/OpenAction<</S/J#61vaScript/JS(app.alert(1))>>'),
      'latin1',
    );
    const uploaded = await upload('uploadFile', '/crm/api/file/upload', {
      file: script,
      token: traveller.token,
    });
    expect(uploaded.status).toBe(200);
    const sent = await send(traveller.token, { chat_id: chat.id, file_id: uploaded.body.id });
    const seen = await untilAttachmentSettled(() =>
      messageSeen(staff.token, chat.id, sent.body.id),
    );
    expect(seen.file).toMatchObject({ download_status: 'failed', url: '' });
  });
});

async function chatRow(id: number) {
  const [row] = await db.select().from(chats).where(eq(chats.id, id));
  return row!;
}
