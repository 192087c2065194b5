/** Upload rows, their public URLs and the contract shapes that show them. */
import { randomBytes } from 'node:crypto';
import type { components } from '@gallop/api-client';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { uploads } from '#src/db/schema/index.ts';
import { SIZE_PLACEHOLDER } from '#src/modules/media/index.ts';

export type UploadRow = typeof uploads.$inferSelect;
type MediaItem = components['schemas']['MediaItem'];

const UPLOADS_PREFIX = '/uploads';
export const UPLOADED_IMAGES_PREFIX = `${UPLOADS_PREFIX}/images`;
export const UPLOADED_FILES_PREFIX = `${UPLOADS_PREFIX}/files`;

/** 18 random bytes: 24 URL-safe characters, unguessable (files of a meeting are shared by link). */
export function newPublicId(): string {
  return randomBytes(18).toString('base64url');
}

const isPublicId = (value: string) => /^[A-Za-z0-9_-]{24}$/.test(value);

/** The picture's `{{size}}` template, served resized by the media pipeline. */
export function uploadedImageUrl(row: Pick<UploadRow, 'publicId'>): string {
  return `${UPLOADED_IMAGES_PREFIX}/${row.publicId}/${SIZE_PLACEHOLDER}.jpg`;
}

/** A readable, URL-safe name for the download link (the bytes are found by `publicId`). */
export function downloadName(row: Pick<UploadRow, 'originalName' | 'extension'>): string {
  const stem = row.originalName
    .replace(/\.[A-Za-z0-9]{1,8}$/, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return `${stem || 'file'}.${row.extension}`;
}

/** Where the file is downloaded (images too: their original, as a file). */
export function uploadedFileUrl(row: Pick<UploadRow, 'publicId' | 'originalName' | 'extension'>) {
  return `${UPLOADED_FILES_PREFIX}/${row.publicId}/${downloadName(row)}`;
}

export function toUploadedMediaItem(row: UploadRow): MediaItem {
  return { id: row.id, image: uploadedImageUrl(row) };
}

/** A file as the meeting page and the booking show it. */
export function toMeetFile(row: UploadRow) {
  return { id: row.id, name: row.originalName, url: uploadedFileUrl(row) };
}

export async function findUpload(db: Database, id: number): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}

export async function findUploadByPublicId(
  db: Database,
  publicId: string,
): Promise<UploadRow | undefined> {
  if (!isPublicId(publicId)) return undefined;
  const [row] = await db.select().from(uploads).where(eq(uploads.publicId, publicId)).limit(1);
  return row;
}

/** Whether another upload row still uses these bytes (content-addressed storage). */
export async function bytesStillUsed(db: Database, row: UploadRow): Promise<boolean> {
  const [other] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.sha256, row.sha256), ne(uploads.id, row.id)))
    .limit(1);
  return other !== undefined;
}

/** A user's avatar as the profile shows it, when the upload still exists. */
export async function avatarOf(
  db: Database,
  avatarId: number | null,
): Promise<MediaItem | undefined> {
  if (avatarId === null) return undefined;
  const row = await findUpload(db, avatarId);
  return row?.kind === 'image' ? toUploadedMediaItem(row) : undefined;
}
