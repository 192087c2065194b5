/**
 * Removes uploads nobody will use again, so the uploads folder does not grow without end
 * (decision 031):
 * - review photos never attached to a review, 3 days after upload (the review form was left);
 * - programme PDFs 30 days after they were made (links mailed or sent by WhatsApp keep working
 *   that long; a newer copy is made on the next order after an hour anyway);
 * - half-received files left in `tmp/` by a crash, after an hour;
 * - chat attachments no message shows any more, after an hour: a message's processed copy whose
 *   message went (or a process that lost or crashed before pointing the message at it), and the
 *   file of a message support hid before hiding took files away.
 * A row still in use (a profile photo, an organizer avatar, a review, a meeting, a message still
 * shown) is kept whatever its age. Bytes go only when no other row shares their hash.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, exists, isNull, like, lt, not, or } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { chatMessages, uploads } from '#src/db/schema/index.ts';
import { deleteUpload, uploadInUse } from './removal.ts';
import type { UploadStore } from './storage.ts';
import { startRounds } from '#src/shared/rounds.ts';

export const ABANDONED_REVIEW_PHOTO_MS = 3 * 24 * 60 * 60_000;
export const PROGRAM_PDF_KEEP_MS = 30 * 24 * 60 * 60_000;
export const STALE_TEMP_FILE_MS = 60 * 60_000;
/** A chat copy is made just before its message points to it: an hour is past any processing. */
export const UNSHOWN_CHAT_FILE_MS = 60 * 60_000;
/** Rows removed per round at most: a round stays short, the next one takes the rest. */
const PURGE_BATCH = 500;

export interface PurgeResult {
  reviewPhotos: number;
  programPdfs: number;
  tempFiles: number;
  chatFiles: number;
}

/** Rows of the kinds above that are old enough and referenced by nothing. */
function purgeable(db: Database, now: number, limit: number) {
  const reviewPhotoBefore = new Date(now - ABANDONED_REVIEW_PHOTO_MS);
  const pdfBefore = new Date(now - PROGRAM_PDF_KEEP_MS);
  const chatBefore = new Date(now - UNSHOWN_CHAT_FILE_MS);
  return db
    .select()
    .from(uploads)
    .where(
      and(
        or(
          and(
            eq(uploads.purpose, 'review'),
            isNull(uploads.reviewId),
            lt(uploads.createdAt, reviewPhotoBefore),
          ),
          // `tour-program:12` and `tour-program-individual:12` (program-pdf.ts).
          and(like(uploads.purpose, 'tour-program%:%'), lt(uploads.createdAt, pdfBefore)),
          // A message's processed copy (`chat` before copies named their original).
          and(
            or(eq(uploads.purpose, 'chat'), like(uploads.purpose, 'chat:%')),
            lt(uploads.createdAt, chatBefore),
          ),
          exists(
            db
              .select({ id: chatMessages.id })
              .from(chatMessages)
              .where(and(eq(chatMessages.fileId, uploads.id), eq(chatMessages.isModerated, true))),
          ),
        ),
        not(uploadInUse(db)),
      ),
    )
    .orderBy(uploads.id)
    .limit(limit);
}

/** Files in `tmp/` older than `STALE_TEMP_FILE_MS`: an upload in progress is never that old. */
async function purgeTempFiles(store: UploadStore, now: number): Promise<number> {
  const tmpDir = path.join(store.root, 'tmp');
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(tmpDir, name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && info.mtimeMs < now - STALE_TEMP_FILE_MS) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** One purge round; answers what it removed. */
export async function purgeUnusedUploads(
  db: Database,
  store: UploadStore,
  { now = Date.now(), limit = PURGE_BATCH }: { now?: number; limit?: number } = {},
): Promise<PurgeResult> {
  const result: PurgeResult = { reviewPhotos: 0, programPdfs: 0, tempFiles: 0, chatFiles: 0 };
  for (const row of await purgeable(db, now, limit)) {
    await deleteUpload({ db, store }, row);
    if (row.purpose === 'review') result.reviewPhotos += 1;
    else if (row.purpose.startsWith('tour-program')) result.programPdfs += 1;
    else result.chatFiles += 1;
  }
  result.tempFiles = await purgeTempFiles(store, now);
  return result;
}

/** Runs a purge round every `intervalMs` (hourly by default); the answer stops it. */
export function startUploadPurge(
  db: Database,
  store: UploadStore,
  options: {
    intervalMs?: number;
    onPurged: (result: PurgeResult) => void;
    onError: (error: unknown) => void;
  },
): () => Promise<void> {
  return startRounds(() => purgeUnusedUploads(db, store).then(options.onPurged), {
    intervalMs: options.intervalMs ?? 60 * 60_000,
    onError: options.onError,
  });
}
