/**
 * Uploads (docs/product.md, Calls, "Uploads"; decision 027): pictures, documents and videos of
 * signed-in users and review photos of anyone (deleted later with the token given at upload). The
 * profile photo chosen among them is the accounts module's call. Each call counts its limit and
 * calls a service (`service.ts` accepts, `removal.ts` removes).
 */
import type { FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { createRateLimiter, type RateLimiter, type RateLimits } from '#src/http/rate-limit.ts';
import { findSigned, hashSecret, randomToken, requireSigned } from '#src/modules/sessions/index.ts';
import { toUploadedMediaItem, uploadedFileUrl, type UploadRow } from './records.ts';
import { deleteImage } from './removal.ts';
import { acceptUpload, UPLOAD_LIMITS, uploadLimited, type UploadContext } from './service.ts';
import { DEFAULT_UPLOADS_DIR, UploadStore } from './storage.ts';

export interface UploadsDeps {
  db: Database;
  /** Folder of uploaded files (default `apps/api/.data/uploads`). */
  uploadsDir?: string | undefined;
  /** Uploads per user (or address) and hour before a captcha (429). Default 60. */
  uploadLimit?: number | undefined;
  limiter?: RateLimiter;
  /** The app's rate limits (Redis or memory; a solved captcha lifts them). */
  rateLimits?: RateLimits | undefined;
}

type UploadsOperation =
  'uploadImage' | 'uploadFile' | 'uploadVideo' | 'uploadReviewImage' | 'deleteImage';

const UPLOAD_WINDOW_MS = 60 * 60_000;

/** The storage and limiter every upload call shares. */
export function uploadContext(deps: UploadsDeps): UploadContext {
  return {
    db: deps.db,
    store: new UploadStore(deps.uploadsDir ?? DEFAULT_UPLOADS_DIR),
    limiter:
      deps.limiter ??
      createRateLimiter({
        name: 'uploads',
        limit: deps.uploadLimit ?? 60,
        windowMs: UPLOAD_WINDOW_MS,
        limits: deps.rateLimits,
      }),
  };
}

const fileAnswer = (row: UploadRow) => ({
  id: row.id,
  url: uploadedFileUrl(row),
  name: row.originalName,
});

export function uploadsHandlers(deps: UploadsDeps): Pick<ServiceHandlers, UploadsOperation> {
  const context = uploadContext(deps);
  const { db } = context;

  const limitKey = (request: FastifyRequest, userId?: number) =>
    userId === undefined ? `ip:${request.ip}` : `user:${userId}`;

  return {
    async uploadImage(request, reply) {
      const { user } = await requireSigned(db, request);
      const tooMany = await uploadLimited(context, limitKey(request, user.id), request, reply);
      if (tooMany) return reply;
      const { row } = await acceptUpload(context, request, {
        accepted: ['image'],
        limitBytes: UPLOAD_LIMITS.image,
        fields: ['url', 'bucket', 'captcha'],
        purpose: (fields) => (fields.bucket ? `bucket:${fields.bucket.slice(0, 64)}` : 'image'),
        ownerUserId: user.id,
      });
      return { id: row.id, image: toUploadedMediaItem(row) };
    },

    async uploadFile(request, reply) {
      const { user } = await requireSigned(db, request);
      const tooMany = await uploadLimited(context, limitKey(request, user.id), request, reply);
      if (tooMany) return reply;
      const { row } = await acceptUpload(context, request, {
        accepted: ['image', 'document'],
        limitBytes: UPLOAD_LIMITS.document,
        fields: ['is_public', 'captcha'],
        purpose: 'file',
        ownerUserId: user.id,
        isPublic: (fields) => fields.is_public !== '0',
      });
      return fileAnswer(row);
    },

    async uploadVideo(request, reply) {
      const { user } = await requireSigned(db, request);
      const tooMany = await uploadLimited(context, limitKey(request, user.id), request, reply);
      if (tooMany) return reply;
      const { row } = await acceptUpload(context, request, {
        accepted: ['video'],
        limitBytes: UPLOAD_LIMITS.video,
        fields: ['url', 'captcha'],
        purpose: 'video',
        ownerUserId: user.id,
      });
      return fileAnswer(row);
    },

    async uploadReviewImage(request, reply) {
      const signed = await findSigned(db, request);
      const tooMany = await uploadLimited(
        context,
        limitKey(request, signed?.user.id),
        request,
        reply,
      );
      if (tooMany) return reply;
      const token = randomToken();
      const { row } = await acceptUpload(context, request, {
        accepted: ['image'],
        limitBytes: UPLOAD_LIMITS.image,
        fields: [],
        purpose: 'review',
        ownerUserId: signed?.user.id ?? null,
        deleteTokenHash: hashSecret(token),
      });
      return { id: row.id, token, image: toUploadedMediaItem(row) };
    },

    async deleteImage(request) {
      await deleteImage(context, request.body.id, {
        token: request.query.token,
        signedUserId: async () => (await findSigned(db, request))?.user.id,
      });
      return { result: true };
    },
  };
}
