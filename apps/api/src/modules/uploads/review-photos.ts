/**
 * Photos attached to a review (`image_ids` of the review form): each uploaded through
 * `/spa/upload-review-image` from the same address or by the booking's own account, and not yet
 * part of another review. Once attached, a photo can no longer be deleted with its token.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { uploads } from '#src/db/schema/index.ts';
import { unprocessable } from '#src/http/http-error.ts';
import type { UploadRow } from './records.ts';

export async function reviewPhotos(
  db: Database,
  ids: readonly number[],
  { ip, userId }: { ip: string; userId: number | null },
): Promise<UploadRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select()
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, unique),
        eq(uploads.kind, 'image'),
        eq(uploads.purpose, 'review'),
        isNull(uploads.reviewId),
      ),
    );
  const usable = rows.filter(
    (row) => row.uploaderIp === ip || (userId !== null && row.ownerUserId === userId),
  );
  if (usable.length !== unique.length) {
    const message = 'Some photos were not found: upload them again';
    throw unprocessable(message, { image_ids: [message] });
  }
  // In the order the traveller arranged them.
  return unique.map((id) => usable.find((row) => row.id === id)!);
}

export async function attachReviewPhotos(
  tx: Database,
  photos: readonly UploadRow[],
  reviewId: number,
): Promise<void> {
  if (photos.length === 0) return;
  await tx
    .update(uploads)
    .set({ reviewId })
    .where(
      inArray(
        uploads.id,
        photos.map((photo) => photo.id),
      ),
    );
}
