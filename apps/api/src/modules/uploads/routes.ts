/**
 * Serving uploads, outside the OpenAPI contract (they answer bytes, not JSON), and the multipart
 * parser the upload calls read their bodies with.
 *
 * - `GET /uploads/images/{publicId}/{WIDTHxHEIGHT}.{jpg|jpeg|png|webp|avif}`: a picture through
 *   the media pipeline (sizes from its allow-list, WebP by `Accept`, disk cache, ETag/304).
 * - `GET /uploads/files/{publicId}/{name}`: the stored file as a download, its type one the
 *   sniffing allowed, with `Content-Disposition: attachment` (videos play inline, with ranges).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '#src/db/client.ts';
import {
  parseSizedFile,
  resizeStoredImage,
  sendFileWithRanges,
  sendImageVariant,
  statStoredFile,
  type DiskCache,
} from '#src/modules/media/index.ts';
import {
  downloadName,
  findUploadByPublicId,
  UPLOADED_FILES_PREFIX,
  UPLOADED_IMAGES_PREFIX,
} from './records.ts';
import { UPLOAD_LIMITS } from './service.ts';
import type { UploadStore } from './storage.ts';

export interface UploadRoutesOptions {
  db: Database;
  store: UploadStore;
  /** The media module's disk cache of resized pictures. */
  images: DiskCache;
}

const notFound = (reply: FastifyReply) => reply.code(404).send({ message: 'File not found' });

/** Files that are not public are still shared by their unguessable link, but never cached. */
const PRIVATE_CACHE = 'private, no-store';

export function registerUploadRoutes(app: FastifyInstance, options: UploadRoutesOptions): void {
  const { db, store, images } = options;

  app.get<{ Params: { publicId: string; file: string } }>(
    `${UPLOADED_IMAGES_PREFIX}/:publicId/:file`,
    async (request, reply) => {
      const row = await findUploadByPublicId(db, request.params.publicId);
      if (!row || row.kind !== 'image') return notFound(reply);
      const parsed = parseSizedFile(request.params.file);
      if (!parsed.ok) return reply.code(parsed.status).send({ message: parsed.message });
      return sendImageVariant(request, reply, images, {
        key: `uploads/${row.sha256}`,
        size: parsed.size,
        // A private picture resized is as private as its original (a chat's, a meeting's).
        ...(row.isPublic ? {} : { cacheControl: PRIVATE_CACHE }),
        // A record whose file is gone answers 404, not sharp's 500. Checked only when a size is
        // rendered: a cached one is served without touching the file.
        render: async (variant) => {
          const file = store.objectPath(row.sha256);
          await statStoredFile(file);
          return resizeStoredImage(file, variant);
        },
      });
    },
  );

  app.get<{ Params: { publicId: string; name: string } }>(
    `${UPLOADED_FILES_PREFIX}/:publicId/:name`,
    async (request, reply) => {
      const row = await findUploadByPublicId(db, request.params.publicId);
      if (!row) return notFound(reply);
      // Both names are the cleaned one with the sniffed type's extension: browsers prefer
      // `filename*`, and the name as uploaded (`x.html` on a PNG) would choose how it opens.
      const name = downloadName(row);
      const disposition = row.kind === 'video' ? 'inline' : 'attachment';
      reply
        .header(
          'content-disposition',
          `${disposition}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-robots-tag', 'noindex');
      return sendFileWithRanges(
        request,
        reply,
        store.objectPath(row.sha256),
        row.mime,
        ...(row.isPublic ? [] : [PRIVATE_CACHE]),
      );
    },
  );
}

/**
 * `@fastify/multipart` for the upload calls. fastify-openapi-glue turns each multipart request
 * body of the contract into a body schema, which a streamed multipart body can never satisfy
 * (toolchain.md): routes whose body is multipart only lose that schema here, and the handlers
 * check the parts themselves (`multipart.ts`).
 */
export function registerMultipart(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const body = route.schema?.body as { content?: Record<string, unknown> } | undefined;
    const types = body?.content ? Object.keys(body.content) : [];
    if (types.length > 0 && types.every((type) => type === 'multipart/form-data')) {
      delete route.schema!.body;
    }
  });
  app.register(multipart, {
    // A file over its limit is cut short and flagged `truncated`; `storage.ts` answers 413.
    throwFileSizeLimit: false,
    limits: { fileSize: UPLOAD_LIMITS.video, files: 1, fields: 10, parts: 11 },
  });
}
