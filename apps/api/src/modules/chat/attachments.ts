/**
 * A chat attachment is processed before anyone can download it (decision 101): a picture is
 * turned upright, stripped of its metadata (camera, the place it was taken) and resized to at
 * most 2560 px, as a new upload the message then points to; a document is scanned for active
 * content (PDF scripts and launch actions, Office macros) and refused when it has some, and one
 * that passes gets an upload row of its own (the same bytes). Either way the message's file is a
 * private row only it uses, named `chat:<original id>`, which goes when the message is deleted or
 * hidden (message-changes.ts). The message
 * is `pending` meanwhile, then `ready` or `failed`, and the chat's room hears
 * `attachment_download_status_was_changed`.
 *
 * The API process that stored the message processes it at once; a sweep picks up what a stopped
 * process left. The status changes in one guarded `UPDATE` (`WHERE file_status = 'pending'`), so
 * when two processes meet on one message only one result is kept and announced.
 */
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { inflateSync } from 'node:zlib';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { chatMessages, chats, uploads } from '#src/db/schema/index.ts';
import { loadSharp } from '#src/modules/media/index.ts';
import {
  chatCopyPurpose,
  deleteUpload,
  findUpload,
  newPublicId,
  UPLOAD_LIMITS,
  type UploadRow,
  type UploadStore,
} from '#src/modules/uploads/index.ts';
import type { ChatRealtime } from './events.ts';
import { filesOf, toRoomMessage, type MessageRow } from './messages.ts';
import { startRounds } from '#src/shared/rounds.ts';

/** The longest side of a prepared picture, in pixels: enough to view it full screen. */
const PICTURE_MAX_SIDE = 2560;
/** Pending attachments older than this are left to the sweep (their process may have stopped). */
const SWEEP_AFTER_MS = 30_000;
const SWEEP_BATCH = 20;

type FileStatus = MessageRow['fileStatus'];

/** Active content found in a document, or undefined when it has none we know of. */
export function activeContentIn(bytes: Buffer, mime: string): string | undefined {
  if (mime === 'application/pdf') return pdfActiveContent(bytes);
  // Office files: macros live in a VBA project (a zip entry, or a compound-file stream).
  const latin = bytes.toString('latin1');
  if (/vbaProject\.bin/i.test(latin)) return 'Office macros';
  if (bytes.includes(Buffer.from('_VBA_PROJECT', 'utf16le'))) return 'Office macros';
  return undefined;
}

/** PDF names that run something when the file is opened. */
const PDF_ACTIVE = /\/(JavaScript|JS|Launch|EmbeddedFile|RichMedia)(?![A-Za-z0-9])/;

/** Looks in the file and in its compressed streams; `#xx` escapes in names are decoded first. */
function pdfActiveContent(bytes: Buffer): string | undefined {
  const texts = [bytes.toString('latin1')];
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(texts[0]!); match; match = streams.exec(texts[0]!)) {
    const start = match.index + match[0].length;
    const end = texts[0]!.indexOf('endstream', start);
    if (end < 0) break;
    try {
      texts.push(inflateSync(bytes.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a deflated stream (an image, a font): nothing to read in it.
    }
  }
  for (const text of texts) {
    const decoded = text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    const found = PDF_ACTIVE.exec(decoded);
    if (found) return `PDF ${found[1]}`;
  }
  return undefined;
}

/** The upright, metadata-free, resized copy of a picture, stored as a new upload. */
async function preparePicture(
  db: Database,
  store: UploadStore,
  upload: UploadRow,
): Promise<UploadRow> {
  const sharp = await loadSharp();
  const path = store.objectPath(upload.sha256);
  // PNG stays PNG (screenshots keep their sharp text), as does any picture with transparency.
  const lossless = upload.mime === 'image/png' || (await sharp(path).metadata()).hasAlpha === true;
  const source = sharp(path).rotate().resize({
    width: PICTURE_MAX_SIDE,
    height: PICTURE_MAX_SIDE,
    fit: 'inside',
    withoutEnlargement: true,
  });
  // sharp writes no metadata unless asked: the EXIF block (GPS, camera) is left behind.
  const { data, info } = await (
    lossless ? source.png({ compressionLevel: 8 }) : source.jpeg({ quality: 85, mozjpeg: true })
  ).toBuffer({ resolveWithObject: true });
  const extension = lossless ? 'png' : 'jpg';
  const received = await store.receive(Readable.from(data), UPLOAD_LIMITS.image);
  await store.commit(received);
  return insertCopy(db, upload, {
    kind: 'image',
    originalName: upload.originalName.replace(/\.[A-Za-z0-9]{1,8}$/, '') + `.${extension}`,
    mime: lossless ? 'image/png' : 'image/jpeg',
    extension,
    size: received.size,
    sha256: received.sha256,
    width: info.width,
    height: info.height,
  });
}

/**
 * The message's own private upload row, made from `upload` (its bytes, or a prepared picture's):
 * every message has a link of its own, so deleting or hiding one message takes its link down
 * without touching another message that was sent the same upload, and the purpose names the
 * original so it can go with the message (uploads/removal.ts).
 */
async function insertCopy(
  db: Database,
  upload: UploadRow,
  file: Pick<
    UploadRow,
    'kind' | 'originalName' | 'mime' | 'extension' | 'size' | 'sha256' | 'width' | 'height'
  >,
): Promise<UploadRow> {
  const [row] = await db
    .insert(uploads)
    .values({
      kind: file.kind,
      originalName: file.originalName,
      mime: file.mime,
      extension: file.extension,
      size: file.size,
      sha256: file.sha256,
      width: file.width,
      height: file.height,
      publicId: newPublicId(),
      purpose: chatCopyPurpose(upload.id),
      ownerUserId: upload.ownerUserId,
      isPublic: false,
    })
    .returning();
  return row!;
}

/** What processing makes of one upload: the file the message shows, or a refusal. */
async function processUpload(
  db: Database,
  store: UploadStore,
  upload: UploadRow | undefined,
): Promise<{ status: 'ready'; upload: UploadRow } | { status: 'failed' }> {
  if (!upload) return { status: 'failed' };
  try {
    if (upload.kind === 'image') {
      return { status: 'ready', upload: await preparePicture(db, store, upload) };
    }
    const bytes = await readFile(store.objectPath(upload.sha256));
    if (upload.kind === 'file' && activeContentIn(bytes, upload.mime)) return { status: 'failed' };
    return { status: 'ready', upload: await insertCopy(db, upload, upload) };
  } catch {
    // Bytes that cannot be read or decoded are not served.
    return { status: 'failed' };
  }
}

/**
 * Processes the attachment of one pending message and announces the result; answers the new
 * status, or undefined when the message was not pending (done already, elsewhere).
 */
export async function processAttachment(
  db: Database,
  store: UploadStore,
  realtime: ChatRealtime,
  messageId: number,
): Promise<FileStatus | undefined> {
  const [message] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.fileStatus, 'pending')))
    .limit(1);
  if (!message) return undefined;
  const upload = message.fileId === null ? undefined : await findUpload(db, message.fileId);
  const outcome = await processUpload(db, store, upload);
  const [row] = await db
    .update(chatMessages)
    .set(
      outcome.status === 'ready'
        ? { fileStatus: 'ready', fileId: outcome.upload.id }
        : { fileStatus: 'failed' },
    )
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.fileStatus, 'pending')))
    .returning();
  if (!row) {
    // Another process (or a deletion, or support) settled it first: its result stands, and this
    // copy (with its bytes, unless another row shares them) goes.
    if (outcome.status === 'ready') await deleteUpload({ db, store }, outcome.upload);
    return undefined;
  }
  const [chat] = await db.select().from(chats).where(eq(chats.id, row.chatId)).limit(1);
  if (chat) {
    const file = toRoomMessage(row, chat, await filesOf(db, [row])).file;
    realtime.toChat(chat.id, 'attachment_download_status_was_changed', {
      chat_id: chat.id,
      message_id: row.id,
      download_status: row.fileStatus,
      ...(file ? { file } : {}),
    });
  }
  return row.fileStatus;
}

export interface AttachmentProcessor {
  /** Processes a message's attachment soon, one after another in this process. */
  enqueue(messageId: number): void;
  /** Resolves once everything enqueued so far is done. */
  idle(): Promise<void>;
}

export function createAttachmentProcessor(options: {
  db: Database;
  store: UploadStore;
  realtime: ChatRealtime;
  onError: (error: unknown, messageId: number) => void;
}): AttachmentProcessor {
  let queue: Promise<void> = Promise.resolve();
  return {
    enqueue(messageId) {
      queue = queue
        .then(() => processAttachment(options.db, options.store, options.realtime, messageId))
        .then(
          () => undefined,
          (error: unknown) => options.onError(error, messageId),
        );
    },
    idle() {
      return queue;
    },
  };
}

/** Processes attachments left pending for longer than `SWEEP_AFTER_MS`; answers how many. */
async function sweepPendingAttachments(
  db: Database,
  store: UploadStore,
  realtime: ChatRealtime,
  now = new Date(),
): Promise<number> {
  const stale = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.fileStatus, 'pending'),
        lt(chatMessages.createdAt, new Date(now.getTime() - SWEEP_AFTER_MS)),
      ),
    )
    .orderBy(asc(chatMessages.id))
    .limit(SWEEP_BATCH);
  for (const { id } of stale) await processAttachment(db, store, realtime, id);
  return stale.length;
}

/** Runs the sweep every `intervalMs` until stopped; rounds never overlap. */
export function startAttachmentSweep(
  db: Database,
  store: UploadStore,
  realtime: ChatRealtime,
  {
    intervalMs = SWEEP_AFTER_MS,
    onError,
  }: { intervalMs?: number; onError: (error: unknown) => void },
): () => Promise<void> {
  return startRounds(() => sweepPendingAttachments(db, store, realtime), { intervalMs, onError });
}
