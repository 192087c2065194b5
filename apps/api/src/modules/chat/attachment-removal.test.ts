/**
 * A deleted or hidden message takes its attachment with it (decision 101: deleting "wipes its
 * text and attachment for everyone"; hiding is final and "nobody sees it or its file again"): the
 * message's processed copy and the upload it was made from answer 404 from the change on, and
 * their rows and bytes are gone, unless something else still uses the upload.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { chatMessages, uploads, users } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller, type Json } from '#src/testing/call.ts';
import { pngFile, uploadCaller, type FilePart } from '#src/modules/uploads/testing.ts';
import { DEFAULT_UPLOADS_DIR, UploadStore } from '#src/modules/uploads/index.ts';
import { processAttachment } from './attachments.ts';
import { noSocketServer } from './events.ts';
import { chatAccount, unoccupiedOrganizer, untilAttachmentSettled } from './testing.ts';

let testApp: TestApp;
let db: Database;
const store = new UploadStore(DEFAULT_UPLOADS_DIR);

beforeAll(async () => {
  testApp = await buildTestApp({
    CHAT_SEND_LIMIT: '1000',
    UPLOAD_LIMIT: '1000',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  db = testApp.database.db;
});
afterAll(() => testApp.close());

const call = contractCaller(() => testApp.app);
const upload = uploadCaller(() => testApp.app);
const RACERS = 8;

/** A valid PDF whose bytes no other test stores (bytes are shared by hash). */
function ownPdf(name: string): FilePart {
  const text = `%PDF-1.4\n%${randomBytes(12).toString('hex')}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  return { name, type: 'application/pdf', bytes: Buffer.from(text) };
}

/** A picture of a colour of its own. */
const ownPng = (name: string) =>
  pngFile(name, 320, 240, { r: randomInt(256), g: randomInt(256), b: randomInt(256) });

/** A traveller and an organizer's staff in a chat. */
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
    { token: traveller.token, payload: { organizer_id: organizer.id } },
  );
  return { traveller, staff, chatId: opened.body.id as number };
}

type Sender = Awaited<ReturnType<typeof conversation>>['traveller'];

async function uploaded(sender: Sender, file: FilePart) {
  const answer =
    file.type === 'image/png'
      ? await upload('uploadImage', '/crm/api/image/upload', {
          file,
          fields: { bucket: 'chat' },
          token: sender.token,
        })
      : await upload('uploadFile', '/crm/api/file/upload', { file, token: sender.token });
  expect(answer.status).toBe(200);
  return answer.body.id as number;
}

/** Sends `fileId` and waits until the reader sees it ready. */
async function sentAttachment(sender: Sender, reader: Sender, chatId: number, fileId: number) {
  const sent = await call('sendChatMessage', 'POST', '/crm/api/chat/send-message', {
    token: sender.token,
    payload: { chat_id: chatId, message: 'My passport', file_id: fileId, client_id: randomUUID() },
  });
  expect(sent.status).toBe(200);
  const ready = await untilAttachmentSettled(async () => {
    const items = (
      await call('getChatMessages', 'GET', `/crm/api/chat/get-messages?chat_id=${chatId}`, {
        token: reader.token,
      })
    ).body.items as Json[];
    return items.find((item) => item.id === sent.body.id);
  });
  expect(ready.file.download_status).toBe('ready');
  return { messageId: sent.body.id as number, url: ready.file.url as string };
}

async function uploadRow(id: number) {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

/** The public links of an upload row: its download, and (for pictures) a resized size. */
const linksOf = (row: { publicId: string; kind: string }) => [
  `/uploads/files/${row.publicId}/file.bin`,
  ...(row.kind === 'image' ? [`/uploads/images/${row.publicId}/300x190.jpg`] : []),
];

const statusOf = async (url: string) =>
  (await testApp.app.inject({ method: 'GET', url: new URL(url, 'http://x').pathname })).statusCode;

const onDisk = (sha256: string) =>
  stat(store.objectPath(sha256)).then(
    () => true,
    () => false,
  );

/** The message's copy and the upload it was made from, as stored before the change. */
async function attachmentOf(messageId: number, originalId: number) {
  const [message] = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
  const copy = (await uploadRow(message!.fileId!))!;
  const original = (await uploadRow(originalId))!;
  expect(copy.id).not.toBe(original.id);
  expect(copy.purpose).toBe(`chat:${original.id}`);
  for (const url of [...linksOf(copy), ...linksOf(original)]) expect(await statusOf(url)).toBe(200);
  return { copy, original };
}

/** Nothing of the upload rows is served, stored or on disk. */
async function expectGone(rows: { id: number; publicId: string; kind: string; sha256: string }[]) {
  for (const row of rows) {
    for (const url of linksOf(row)) expect(await statusOf(url), `${url} still served`).toBe(404);
    expect(await uploadRow(row.id), `upload ${row.id} still stored`).toBeUndefined();
    expect(await onDisk(row.sha256), `bytes of upload ${row.id} still on disk`).toBe(false);
  }
}

const deleteAs = (token: string, messageId: number) =>
  call('deleteChatMessage', 'POST', '/crm/api/chat/delete-message', {
    token,
    payload: { message_id: messageId },
  });

const hideAs = (token: string, messageId: number) =>
  call('moderateChatMessage', 'POST', '/crm/api/chat/moderate-message', {
    token,
    payload: { message_id: messageId },
  });

describe('a message deleted by its author', () => {
  it('takes its document with it: the link, the uploaded original, their rows and bytes', async () => {
    const { traveller, staff, chatId } = await conversation();
    const originalId = await uploaded(traveller, ownPdf('passport.pdf'));
    const { messageId, url } = await sentAttachment(traveller, staff, chatId, originalId);
    const { copy, original } = await attachmentOf(messageId, originalId);
    expect(await statusOf(url)).toBe(200);

    expect((await deleteAs(traveller.token, messageId)).status).toBe(200);

    expect(await statusOf(url), 'the message link').toBe(404);
    await expectGone([copy, original]);
  });

  it('takes its picture with it: the prepared copy and the original with its metadata', async () => {
    const { traveller, staff, chatId } = await conversation();
    const originalId = await uploaded(traveller, await ownPng('horse.png'));
    const { messageId, url } = await sentAttachment(traveller, staff, chatId, originalId);
    const { copy, original } = await attachmentOf(messageId, originalId);
    expect(copy.sha256).not.toBe(original.sha256);

    expect((await deleteAs(traveller.token, messageId)).status).toBe(200);

    expect(await statusOf(url)).toBe(404);
    await expectGone([copy, original]);
  });

  it('keeps an original something else uses, and another message sent the same file', async () => {
    const { traveller, staff, chatId } = await conversation();
    const pictureId = await uploaded(traveller, await ownPng('me.png'));
    await db.update(users).set({ avatarId: pictureId }).where(eq(users.id, traveller.user.id));
    const picture = await sentAttachment(traveller, staff, chatId, pictureId);
    const pictureFiles = await attachmentOf(picture.messageId, pictureId);
    const pdfId = await uploaded(traveller, ownPdf('route.pdf'));
    const first = await sentAttachment(traveller, staff, chatId, pdfId);
    const second = await sentAttachment(traveller, staff, chatId, pdfId);
    // Each message has a link of its own to the same upload's bytes.
    expect(first.url).not.toBe(second.url);

    expect((await deleteAs(traveller.token, picture.messageId)).status).toBe(200);
    expect((await deleteAs(traveller.token, first.messageId)).status).toBe(200);

    await expectGone([pictureFiles.copy]);
    // The profile photo stays.
    expect(await statusOf(linksOf(pictureFiles.original)[0]!)).toBe(200);
    expect(await onDisk(pictureFiles.original.sha256)).toBe(true);
    // The second message still shows the document, from the bytes the first one shared.
    expect(await statusOf(first.url)).toBe(404);
    expect(await statusOf(second.url)).toBe(200);
    await db.update(users).set({ avatarId: null }).where(eq(users.id, traveller.user.id));
  });

  it('before its attachment was processed: the original goes and processing makes no copy', async () => {
    const { traveller, chatId } = await conversation();
    const originalId = await uploaded(traveller, await ownPng('gate.png'));
    const original = (await uploadRow(originalId))!;
    // Stored pending, as if its process had stopped before processing it.
    const [message] = await db
      .insert(chatMessages)
      .values({
        chatId,
        side: 'client',
        senderId: traveller.user.id,
        fileId: originalId,
        fileStatus: 'pending',
      })
      .returning();

    expect((await deleteAs(traveller.token, message!.id)).status).toBe(200);
    expect(await processAttachment(db, store, noSocketServer, message!.id)).toBeUndefined();

    await expectGone([original]);
    const copies = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(eq(uploads.purpose, `chat:${originalId}`));
    expect(copies).toEqual([]);
  });
});

describe('a message hidden by support', () => {
  it('takes its file with it for everyone and keeps its text for support', async () => {
    const { traveller, staff, chatId } = await conversation();
    const support = await chatAccount(db, 'support');
    const originalId = await uploaded(traveller, await ownPng('scan.png'));
    const { messageId, url } = await sentAttachment(traveller, staff, chatId, originalId);
    const { copy, original } = await attachmentOf(messageId, originalId);

    const hidden = await hideAs(support.token, messageId);
    expect(hidden.status).toBe(200);
    expect(hidden.body.file).toBeUndefined();

    expect(await statusOf(url)).toBe(404);
    await expectGone([copy, original]);
    const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
    expect(row).toMatchObject({ isModerated: true, body: 'My passport', fileId: null });
  });
});

describe('a deletion racing downloads, a second deletion and support hiding it', () => {
  it('ends with every link 404, no server error, and the rows and bytes gone', async () => {
    const { traveller, staff, chatId } = await conversation();
    const support = await chatAccount(db, 'support');
    for (const file of [ownPdf('visa.pdf'), await ownPng('visa.png')]) {
      const originalId = await uploaded(traveller, file);
      const { messageId, url } = await sentAttachment(traveller, staff, chatId, originalId);
      const { copy, original } = await attachmentOf(messageId, originalId);
      const links = [url, ...linksOf(copy), ...linksOf(original)];

      const [changes, downloads] = await Promise.all([
        Promise.all([
          deleteAs(traveller.token, messageId),
          deleteAs(traveller.token, messageId),
          hideAs(support.token, messageId),
        ]),
        Promise.all(Array.from({ length: RACERS }, (_, i) => statusOf(links[i % links.length]!))),
      ]);

      // Whichever change came first, the others find the message settled: deleted (200), or
      // hidden first (the author's deletion then 403) — never a server error.
      for (const change of changes) expect([200, 403]).toContain(change.status);
      expect(changes.filter((change) => change.status === 200).length).toBeGreaterThan(0);
      for (const status of downloads) expect([200, 404]).toContain(status);
      await expectGone([copy, original]);
      for (const link of links) expect(await statusOf(link)).toBe(404);
      const left = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(inArray(uploads.id, [copy.id, original.id]));
      expect(left).toEqual([]);
    }
  });
});
