/**
 * Removing uploads: a row, and its bytes when no other row shares them (content-addressed
 * storage). Services over the database and the store; a refusal is an `HttpError` (403, 404).
 */
import { eq } from 'drizzle-orm';
import { uploads, users } from '#src/db/schema/index.ts';
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

/**
 * Deletes a picture for whoever proves it is theirs: the review photo's token given at upload,
 * else the signed-in uploader (`signedUserId`, asked only without a good token). A photo of a
 * submitted review stays.
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
  await deleteUpload(context, row);
}
