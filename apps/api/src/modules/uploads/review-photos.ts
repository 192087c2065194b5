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

const PHOTOS_NOT_FOUND = 'Some photos were not found: upload them again';
const photosNotFound = () => unprocessable(PHOTOS_NOT_FOUND, { image_ids: [PHOTOS_NOT_FOUND] });

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
  if (usable.length !== unique.length) throw photosNotFound();
  // In the order the traveller arranged them.
  return unique.map((id) => usable.find((row) => row.id === id)!);
}

/**
 * Attaches `photos` to the review, inside its transaction. A photo goes with one review: the rows
 * are locked (in id order, so two reviews sharing photos never deadlock) and must still be free,
 * so of two reviews sent at once with one photo the second waits, then is refused with the 422
 * `reviewPhotos` answers, and its transaction rolls back.
 */
export async function attachReviewPhotos(
  tx: Database,
  photos: readonly UploadRow[],
  reviewId: number,
): Promise<void> {
  if (photos.length === 0) return;
  const ids = photos.map((photo) => photo.id);
  const free = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), isNull(uploads.reviewId)))
    .orderBy(uploads.id)
    .for('no key update');
  if (free.length !== photos.length) throw photosNotFound();
  await tx.update(uploads).set({ reviewId }).where(inArray(uploads.id, ids));
}
