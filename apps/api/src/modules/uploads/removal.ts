/**
 * Removing uploads: a row, and its bytes when no other row shares them (content-addressed
 * storage). Services over the database and the store; a refusal is an `HttpError` (403, 404).
 */
import { and, eq, inArray, isNotNull, isNull, not, or, exists } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { chatMessages, organizers, uploads, users } from '#src/db/schema/index.ts';
import { HttpError, notFound } from '#src/http/http-error.ts';
import { hashSecret } from '#src/modules/sessions/index.ts';
import { bytesStillUsed, findUpload, type UploadRow } from './records.ts';
import type { UploadContext } from './service.ts';

/** Removes an upload row, and its bytes when no other row shares them. */
export async function deleteUpload(
  context: Pick<UploadContext, 'db' | 'store'>,
  row: UploadRow,
): Promise<void> {
  await context.db.transaction(async (tx) => {
    await tx.update(users).set({ avatarId: null }).where(eq(users.avatarId, row.id));
    await tx.delete(uploads).where(eq(uploads.id, row.id));
  });
  if (!(await bytesStillUsed(context.db, row))) await context.store.remove(row.sha256);
}

/** The purpose of a chat attachment's processed copy: it names the upload it was made from. */
export const chatCopyPurpose = (originalId: number) => `chat:${originalId}`;

const originalOf = (row: UploadRow): number | undefined => {
  const match = /^chat:(\d+)$/.exec(row.purpose);
  return match ? Number(match[1]) : undefined;
};

/**
 * "Something still uses this upload": a profile photo, an organizer's avatar, a review, a meeting,
 * or a chat message still shown (not deleted, not hidden by support).
 */
export function uploadInUse(db: Database) {
  return or(
    isNotNull(uploads.reviewId),
    isNotNull(uploads.meetingId),
    exists(db.select({ id: users.id }).from(users).where(eq(users.avatarId, uploads.id))),
    exists(
      db
        .select({ id: organizers.id })
        .from(organizers)
        .where(eq(organizers.avatarUploadId, uploads.id)),
    ),
    exists(
      db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.fileId, uploads.id),
            isNull(chatMessages.deletedAt),
            eq(chatMessages.isModerated, false),
          ),
        ),
    ),
  )!;
}

/**
 * Inside the transaction that deleted or hid a message (and cleared its `file_id`): removes the
 * rows of its attachment, the processed copy and the upload it was made from, that nothing else
 * uses. From the commit on, their URLs answer 404. Answers the removed rows, whose bytes
 * `removeUnusedBytes` deletes after the commit (a crash in between leaves bytes nobody serves).
 * The rows are locked first, so two messages sharing one upload, changed at once, cannot each
 * keep it for the other.
 */
export async function removeChatAttachment(tx: Database, fileId: number): Promise<UploadRow[]> {
  const [file] = await tx.select().from(uploads).where(eq(uploads.id, fileId)).for('update');
  if (!file) return [];
  const ids = [file.id];
  const originalId = originalOf(file);
  if (originalId !== undefined) {
    const [original] = await tx
      .select({ id: uploads.id })
      .from(uploads)
      .where(eq(uploads.id, originalId))
      .for('update');
    if (original) ids.push(original.id);
  }
  return tx
    .delete(uploads)
    .where(and(inArray(uploads.id, ids), not(uploadInUse(tx))))
    .returning();
}

/** After the rows are gone: removes the bytes of those that no other row shares. */
export async function removeUnusedBytes(
  context: Pick<UploadContext, 'db' | 'store'>,
  rows: readonly UploadRow[],
): Promise<void> {
  for (const row of rows) {
    if (!(await bytesStillUsed(context.db, row))) await context.store.remove(row.sha256);
  }
}

/**
 * Deletes a picture for whoever proves it is theirs: the review photo's token given at upload,
 * else the signed-in uploader (`signedUserId`, asked only without a good token). A photo of a
 * submitted review stays, and so does a chat message's picture (it goes with its message).
 */
export async function deleteImage(
  context: Pick<UploadContext, 'db' | 'store'>,
  id: number,
  proof: { token: string; signedUserId: () => Promise<number | undefined> },
): Promise<void> {
  const row = await findUpload(context.db, id);
  if (!row || row.kind !== 'image') throw notFound('Image not found');
  const byToken = row.deleteTokenHash !== null && row.deleteTokenHash === hashSecret(proof.token);
  const userId = byToken ? undefined : await proof.signedUserId();
  const byOwner = userId !== undefined && row.ownerUserId === userId;
  if (!byToken && !byOwner) {
    throw new HttpError(403, 'Only the person who uploaded this image can delete it');
  }
  if (row.reviewId !== null) {
    throw new HttpError(
      403,
      'This photo belongs to a submitted review and can no longer be deleted',
    );
  }
  // A message's picture goes with the message, by the chat's rules (24 hours, not frozen or
  // hidden): its id is shown to every reader of the chat.
  if (originalOf(row) !== undefined) {
    throw new HttpError(403, 'This picture belongs to a chat message: delete the message instead');
  }
  await deleteUpload(context, row);
}
