/**
 * The one path every upload takes: rate limit, multipart (or a link), size limit, sniffing the
 * bytes, moving them into content-addressed storage, and the row that records them.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { uploads } from '#src/db/schema/index.ts';
import { unprocessable } from '#src/http/http-error.ts';
import { limitCall, type RateLimiter } from '#src/http/rate-limit.ts';
import { readMultipart } from './multipart.ts';
import { newPublicId, type UploadRow } from './records.ts';
import { downloadToStore } from './remote.ts';
import { sniffFile, type Accepted } from './sniff.ts';
import type { ReceivedFile, UploadStore } from './storage.ts';

/** Limits per kind (decision 027): pictures and documents 10 MB, videos 100 MB. */
export const UPLOAD_LIMITS = {
  image: 10 * 1024 * 1024,
  document: 10 * 1024 * 1024,
  video: 100 * 1024 * 1024,
} as const;

const TOO_MANY_UPLOADS = 'Too many uploads. Please confirm you are not a robot.';

export interface UploadContext {
  db: Database;
  store: UploadStore;
  limiter: RateLimiter;
}

export interface UploadSpec<Field extends string> {
  /** What the bytes may be. */
  accepted: readonly Accepted[];
  limitBytes: number;
  /** Text fields the call takes besides `file` (e.g. `url`, `captcha`). */
  fields: readonly Field[];
  /** Why it was uploaded (`image`, `review`, `meeting`, `bucket:<name>` ...). */
  purpose: string | ((fields: Partial<Record<Field, string>>) => string);
  ownerUserId?: number | null;
  meetingId?: number | null;
  deleteTokenHash?: string | null;
  isPublic?: (fields: Partial<Record<Field, string>>) => boolean;
}

/**
 * Counts an upload against the caller's limit (`key`: the user, the meeting, or the address);
 * `true` when over it: the 429 asking for the captcha is sent and the handler must stop.
 */
export function uploadLimited(
  context: UploadContext,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  return limitCall(context.limiter, `upload:${key}`, request, reply, TOO_MANY_UPLOADS);
}

/** Runs an upload end to end and answers the stored row (and the text fields sent with it). */
export async function acceptUpload<Field extends string>(
  context: UploadContext,
  request: FastifyRequest,
  spec: UploadSpec<Field>,
): Promise<{ row: UploadRow; fields: Partial<Record<Field, string>> }> {
  const { store, db } = context;
  const { file, fields } = await readMultipart(request, store, {
    limitBytes: spec.limitBytes,
    fields: spec.fields,
  });
  const link = (fields as Partial<Record<string, string>>)['url'];
  let received: (ReceivedFile & { name: string }) | undefined = file;
  if (!received && link) received = await downloadToStore(store, link, spec.limitBytes);
  if (!received) throw unprocessable('Choose a file to upload', { file: ['Required field'] });
  if (file && link) {
    await store.discard(received);
    throw unprocessable('Send either a file or a link, not both', {
      url: ['Send a file or a link'],
    });
  }
  if (received.size === 0) {
    await store.discard(received);
    throw unprocessable('The file is empty', { file: ['The file is empty'] });
  }
  let sniffed;
  try {
    sniffed = await sniffFile(received.tempPath, received.name, spec.accepted);
  } catch (error) {
    await store.discard(received);
    throw error;
  }
  await store.commit(received);
  const [row] = await db
    .insert(uploads)
    .values({
      publicId: newPublicId(),
      kind: sniffed.kind,
      purpose: typeof spec.purpose === 'string' ? spec.purpose : spec.purpose(fields),
      ownerUserId: spec.ownerUserId ?? null,
      meetingId: spec.meetingId ?? null,
      deleteTokenHash: spec.deleteTokenHash ?? null,
      originalName: received.name,
      mime: sniffed.mime,
      extension: sniffed.extension,
      size: received.size,
      sha256: received.sha256,
      width: sniffed.width ?? null,
      height: sniffed.height ?? null,
      isPublic: spec.isPublic?.(fields) ?? true,
      uploaderIp: request.ip,
    })
    .returning();
  return { row: row!, fields };
}
