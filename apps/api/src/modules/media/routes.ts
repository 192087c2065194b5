import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound as fileNotFound } from '#src/http/http-error.ts';
import { DiskCache, isMissing } from './disk-cache.ts';
import { chooseFormat, CONTENT_TYPES } from './formats.ts';
import { IMMUTABLE, etagOf, matchesIfNoneMatch, parseRange } from './http-cache.ts';
import { MEDIA_RENDER_VERSION, type ImageVariant } from './image-pipeline.ts';
import { parseSizedFile, type RequestedSize } from './sizes.ts';
import { isLandscapeName } from './landscapes.ts';
import type { MediaRenderer } from './renderer.ts';
import { GENERATED_MEDIA_PREFIX, isMediaScene, MAX_MEDIA_SEED } from './urls.ts';
import {
  LandingVideoStore,
  landingVideoSource,
  VIDEO_PREFIX,
  VideoUnavailableError,
  type VideoMotion,
} from './videos.ts';

/** This module runs from `src/modules/media/` (tsx, tests) or bundled into `dist/main.js`. */
const API_ROOT = new URL(import.meta.url.includes('/dist/') ? '../' : '../../../', import.meta.url);

/** The default cache folder: `apps/api/.data/media-cache` (ignored by git through `.data/`). */
export const DEFAULT_MEDIA_CACHE_DIR = fileURLToPath(new URL('.data/media-cache', API_ROOT));

export interface MediaRoutesOptions {
  /** Folder for rendered files, e.g. `apps/api/.data/media-cache` (git-ignored). */
  cacheDir: string;
  /** Disk budget for rendered images; least recently used files go first. Default 1 GiB. */
  maxCacheBytes?: number;
  /** Render missing landing videos in the background once the app is ready. Default true. */
  prepareVideos?: boolean;
  /**
   * Draws generated pictures and landing videos: the demo package's, in demo mode only. Without
   * it the generated pictures and posters are not routes, and only rendered videos are served.
   */
  renderer?: MediaRenderer | undefined;
  /** Length and frame rate of landing videos (tests use a shorter clip). */
  videoMotion?: VideoMotion;
}

export interface MediaRoutes {
  images: DiskCache;
  videos: LandingVideoStore;
}

const DEFAULT_MAX_CACHE_BYTES = 1024 ** 3;

interface GeneratedParams {
  scene: string;
  seed: string;
  file: string;
  /** Present in `/{scene}/{landscape}/{seed}/{file}`. */
  landscape?: string;
}

/**
 * Media routes outside the OpenAPI contract (they answer images and video, not JSON):
 *
 * - `GET /media/videos/{name}-{small|large}.mp4` (byte ranges for seeking)
 * - with a `renderer` (demo mode): `GET /media/generated/{scene}[/{landscape}]/{seed}/{WIDTHxHEIGHT}.{jpg|jpeg|png|webp|avif}`
 *   and `GET /media/videos/{name}-poster/{WIDTHxHEIGHT}.{ext}`
 */
export function registerMediaRoutes(
  app: FastifyInstance,
  options: MediaRoutesOptions,
): MediaRoutes {
  const images = new DiskCache({
    directory: path.join(options.cacheDir, 'images'),
    maxBytes: options.maxCacheBytes ?? DEFAULT_MAX_CACHE_BYTES,
    onError: (error, key) => app.log.warn({ err: error, key }, 'media cache write failed'),
  });
  const videos = new LandingVideoStore({
    directory: path.join(options.cacheDir, 'videos'),
    render: options.renderer?.renderLandingVideo.bind(options.renderer),
    motion: options.videoMotion,
    onError: (error) => app.log.warn({ err: error }, 'landing video render failed'),
  });

  const { renderer } = options;
  if (renderer) registerGeneratedRoutes(app, images, renderer);

  app.get<{ Params: { file: string } }>(`${VIDEO_PREFIX}/:file`, async (request, reply) => {
    const match = /^(.+)-(small|large)\.(mp4|webm)$/.exec(request.params.file);
    const source = match?.[1] === undefined ? undefined : landingVideoSource(match[1]);
    if (!match || !source) return notFound(reply, 'Unknown video');
    if (match[3] !== 'mp4') return notFound(reply, 'Landing videos are offered as .mp4 only');
    let file: string;
    try {
      file = await videos.ensure(source, match[2] === 'small' ? 'small' : 'large');
    } catch (error) {
      if (error instanceof VideoUnavailableError) return notFound(reply, error.message);
      throw error;
    }
    return sendFileWithRanges(request, reply, file, 'video/mp4');
  });

  if (renderer && (options.prepareVideos ?? true)) {
    // In the background: the server must not wait a minute for videos before it listens.
    app.addHook('onReady', async () => {
      void videos.prepareAll();
    });
  }
  return { images, videos };
}

/** Pictures drawn on request: `/media/generated/...` and the landing videos' posters (demo mode). */
function registerGeneratedRoutes(app: FastifyInstance, images: DiskCache, renderer: MediaRenderer) {
  const sendGenerated = async (
    request: FastifyRequest<{ Params: GeneratedParams }>,
    reply: FastifyReply,
  ) => {
    const { scene, seed: seedText, file, landscape } = request.params;
    if (!isMediaScene(scene)) return notFound(reply, `Unknown media scene "${scene}"`);
    if (landscape !== undefined && !isLandscapeName(landscape)) {
      return notFound(reply, `Unknown landscape "${landscape}"`);
    }
    const seed = parseSeed(seedText);
    if (seed === undefined) return notFound(reply, 'A media seed is a positive integer');
    const parsed = parseSizedFile(file);
    if (!parsed.ok) return reply.code(parsed.status).send({ message: parsed.message });
    return sendImageVariant(request, reply, images, {
      key: landscape === undefined ? `${scene}/${seed}` : `${scene}/${landscape}/${seed}`,
      size: parsed.size,
      render: (variant) => renderer.renderPicture({ scene, seed, landscape }, variant),
    });
  };
  app.get<{ Params: GeneratedParams }>(
    `${GENERATED_MEDIA_PREFIX}/:scene/:seed/:file`,
    sendGenerated,
  );
  app.get<{ Params: GeneratedParams }>(
    `${GENERATED_MEDIA_PREFIX}/:scene/:landscape/:seed/:file`,
    sendGenerated,
  );

  app.get<{ Params: { poster: string; file: string } }>(
    `${VIDEO_PREFIX}/:poster/:file`,
    async (request, reply) => {
      const name = /^(.+)-poster$/.exec(request.params.poster)?.[1];
      const source = name === undefined ? undefined : landingVideoSource(name);
      if (!source) return notFound(reply, 'Unknown video poster');
      const parsed = parseSizedFile(request.params.file);
      if (!parsed.ok) return reply.code(parsed.status).send({ message: parsed.message });
      // The poster is the video's first frame, i.e. the still picture of the same scene.
      return sendImageVariant(request, reply, images, {
        key: `${source.scene}/${source.landscape}/${source.seed}`,
        size: parsed.size,
        render: (variant) => renderer.renderPicture(source, variant),
      });
    },
  );
}

function notFound(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(404).send({ message });
}

/** Canonical decimal only (no `007`, no `1e3`), so one picture has one URL and one cache file. */
function parseSeed(text: string): number | undefined {
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const seed = Number(text);
  return seed <= MAX_MEDIA_SEED ? seed : undefined;
}

export interface ImageSource {
  /** Identifies the picture (not its size or format), e.g. `landscape/7` or `uploads/<id>`. */
  key: string;
  size: RequestedSize;
  /** Produces the bytes of one variant; runs once per variant thanks to the disk cache. */
  render: (variant: ImageVariant) => Promise<Buffer>;
  /** `Cache-Control` of the answer: a year, shared, unless the picture is private. */
  cacheControl?: string;
}

/**
 * Answers one size and format of a picture: content negotiation, `ETag`/304 before any work,
 * then the disk cache (single-flight) and long-lived cache headers. Uploads plug in here with
 * `render: (variant) => resizeStoredImage(storedFile, variant)`.
 */
export async function sendImageVariant(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: DiskCache,
  source: ImageSource,
): Promise<FastifyReply> {
  const { format, negotiated } = chooseFormat(source.size.extension, request.headers.accept);
  const etag = etagOf(MEDIA_RENDER_VERSION, source.key, source.size.label, format);
  reply.header('cache-control', source.cacheControl ?? IMMUTABLE).header('etag', etag);
  if (negotiated) reply.header('vary', 'Accept');
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const bytes = await cache.get(
    `v${MEDIA_RENDER_VERSION}/${source.key}/${source.size.label}.${format}`,
    () => source.render({ width: source.size.width, height: source.size.height, format }),
  );
  return reply.type(CONTENT_TYPES[format]).send(bytes);
}

/**
 * The file's `stat`. A file gone from the disk (a data folder restored without it, say) is a 404
 * `HttpError`, not a 500; any other failure is thrown as it is.
 */
export async function statStoredFile(file: string) {
  return stat(file).catch((error: unknown) => {
    throw isMissing(error) ? fileNotFound('File not found') : error;
  });
}

/**
 * Streams a file with `Range` support (206), `ETag`/304 and long-lived cache headers (uploads
 * reuse it for their files and videos, private ones with their own `cacheControl`).
 */
export async function sendFileWithRanges(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  contentType: string,
  cacheControl: string = IMMUTABLE,
): Promise<FastifyReply> {
  const info = await statStoredFile(file);
  const etag = etagOf(file, info.size, info.mtimeMs);
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .type(contentType);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const ifRange = request.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === etag
      ? parseRange(request.headers.range, info.size)
      : ({ kind: 'full' } as const);
  if (range.kind === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${info.size}`)
      .type('application/json')
      .send({ message: `Range not satisfiable: the file has ${info.size} bytes` });
  }
  if (range.kind === 'partial') {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(createReadStream(file, { start: range.start, end: range.end }));
  }
  return reply.header('content-length', info.size).send(createReadStream(file));
}
