/**
 * Photos of a review (the review page only, so this stays in its route chunk): uploaded one by
 * one through `/spa/upload-review-image` as they are chosen, sent with the review as `image_ids`,
 * and deleted with the token of their upload when taken off before sending. Photos left behind
 * by an abandoned form are purged by the API after three days.
 */
import type { components, GallopClient } from '@gallop/api-client';
import { fileUpload } from '../../lib/file-upload';

type MediaItem = components['schemas']['MediaItem'];

export interface ReviewPhoto {
  id: number;
  /** Deletes the photo before the review is sent. */
  token: string;
  image: MediaItem;
}

/** Photos a review takes at most (the spec sets no number; the contract's `image_ids` allows 20). */
export const REVIEW_PHOTO_LIMIT = 10;
/** The API's upload limit for a picture. */
const REVIEW_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/**
 * The pictures the API's upload takes (apps/api/src/modules/uploads/sniff.ts, read from the
 * bytes): the hint, the file picker and the refusal here name the same six, as does the API's
 * own refusal of a file that only claims to be one of them.
 */
const TYPES = new Map([
  ['image/jpeg', ['jpg', 'jpeg']],
  ['image/png', ['png']],
  ['image/webp', ['webp']],
  ['image/gif', ['gif']],
  ['image/avif', ['avif']],
  ['image/tiff', ['tif', 'tiff']],
]);
/** The accepted types in words, as the API says them. */
export const REVIEW_PHOTO_TYPES_TEXT = 'JPEG, PNG, WebP, GIF, AVIF or TIFF';
/** What the file input offers: the types above, by type and by file extension. */
export const REVIEW_PHOTO_ACCEPT = [
  ...TYPES.keys(),
  ...[...TYPES.values()].flat().map((extension) => `.${extension}`),
].join(',');

/** Why a chosen file is refused, or undefined when it can be uploaded. */
export function reviewPhotoProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | undefined {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const known = file.type
    ? TYPES.has(file.type)
    : [...TYPES.values()].some((extensions) => extensions.includes(extension));
  if (!known) return `${file.name}: only ${REVIEW_PHOTO_TYPES_TEXT} photos can be added.`;
  if (file.size > REVIEW_PHOTO_MAX_BYTES) return `${file.name}: the photo is larger than 10 MB.`;
  return undefined;
}

export async function uploadReviewPhoto(api: GallopClient<true>, file: File): Promise<ReviewPhoto> {
  const { data } = await api.POST('/spa/upload-review-image', fileUpload(file));
  return data;
}

export async function deleteReviewPhoto(
  api: GallopClient<true>,
  photo: ReviewPhoto,
): Promise<void> {
  await api.POST('/spa/delete-image', {
    params: { query: { token: photo.token } },
    body: { id: photo.id },
  });
}
