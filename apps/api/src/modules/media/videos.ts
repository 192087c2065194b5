import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { removeStaleTemporaries } from './disk-cache.ts';
import { rasterizeScene } from './image-pipeline.ts';
import type { LandscapeName } from './landscapes.ts';
import type { Camera } from './render/svg.ts';
import { SIZE_PLACEHOLDER, type MediaScene } from './urls.ts';
import { encodeMp4, findFfmpeg, type VideoSpec } from './video-encoder.ts';

/** What the landing call returns for its background carousel. */
export interface LandingVideo {
  name: string;
  /** About 480 px wide, for phones and slow connections. */
  smallUrl: string;
  /** About 1280 px wide. */
  largeUrl: string;
  /** Poster template with the spec's `{{size}}` placeholder (16:9 sizes match the first frame). */
  posterUrl: string;
  /** Shown before the poster arrives: the average colour of the first frame. */
  placeholderColor: string;
}

export const VIDEO_PREFIX = '/media/videos';

/**
 * Bump with any change to the drawings, the motion or the encoder settings: the names below
 * carry it, so browsers holding the old file (cached as immutable) fetch the new one.
 */
const VIDEO_VERSION = 2;

interface LandingVideoSource {
  name: string;
  scene: MediaScene;
  seed: number;
  landscape: LandscapeName;
  placeholderColor: string;
  /** Direction of the slow camera drift: -1 left, 1 right. */
  drift: -1 | 1;
}

const SOURCES: readonly LandingVideoSource[] = [
  {
    name: `mountain-riders-v${VIDEO_VERSION}`,
    scene: 'landscape',
    seed: 36,
    landscape: 'alpine',
    placeholderColor: '#87817e',
    drift: 1,
  },
  {
    name: `desert-mesas-v${VIDEO_VERSION}`,
    scene: 'landscape',
    seed: 31,
    landscape: 'desert',
    placeholderColor: '#885b58',
    drift: -1,
  },
  {
    name: `dusk-valley-v${VIDEO_VERSION}`,
    scene: 'landscape',
    seed: 18,
    landscape: 'moorland',
    placeholderColor: '#7a5d5d',
    drift: 1,
  },
];

const VIDEO_VARIANTS = {
  small: { width: 480, height: 270, crf: 22 },
  large: { width: 1280, height: 720, crf: 22 },
} as const;

export type VideoVariant = keyof typeof VIDEO_VARIANTS;

export const LANDING_VIDEOS: readonly LandingVideo[] = SOURCES.map((source) => ({
  name: source.name,
  smallUrl: `${VIDEO_PREFIX}/${source.name}-small.mp4`,
  largeUrl: `${VIDEO_PREFIX}/${source.name}-large.mp4`,
  posterUrl: `${VIDEO_PREFIX}/${source.name}-poster/${SIZE_PLACEHOLDER}.jpg`,
  placeholderColor: source.placeholderColor,
}));

export function landingVideoSource(name: string): LandingVideoSource | undefined {
  return SOURCES.find((source) => source.name === name);
}

export interface VideoMotion {
  seconds: number;
  fps: number;
}

/** Five seconds at 24 fps: long enough to feel alive, short enough to stay small. */
const DEFAULT_MOTION: VideoMotion = { seconds: 5, fps: 24 };

/**
 * The camera at frame `index`: a slow drift sideways with a gentle push in, eased out and back
 * (a cosine), so the last frame flows into the first and the loop has no seam. Near layers move
 * more than far ones (parallax), which is what makes a still drawing read as filmed.
 */
export function cameraAt(index: number, frameCount: number, drift: -1 | 1): Camera {
  const phase = (1 - Math.cos((2 * Math.PI * index) / frameCount)) / 2;
  return { x: drift * 90 * phase, zoom: 1 + 0.06 * phase };
}

async function* sceneFrames(
  source: LandingVideoSource,
  spec: VideoSpec,
  frameCount: number,
): AsyncGenerator<Buffer> {
  for (let index = 0; index < frameCount; index += 1) {
    const camera = cameraAt(index, frameCount, source.drift);
    const frame = await rasterizeScene(source, spec.width, spec.height, camera);
    yield await frame.removeAlpha().raw().toBuffer();
  }
}

export interface LandingVideoStoreOptions {
  /** Folder for the rendered files (inside the media cache folder). */
  directory: string;
  /** An ffmpeg to use instead of the npm-installed one; `null` disables videos. */
  ffmpegPath?: string | null;
  motion?: VideoMotion;
  /** Called when a background render fails (the request that waits gets a 404 instead). */
  onError?: (error: unknown) => void;
  /** The clock that decides which temporary files are stale (tests). */
  now?: () => number;
}

export class VideoUnavailableError extends Error {}

/**
 * Landing videos rendered once, on first start or first request, and kept on disk. Renders are
 * single-flight per file, and one at a time overall so a 2-core machine keeps serving.
 */
export class LandingVideoStore {
  readonly stats = { encodes: 0 };
  /** Settles when the background render started by `prepareAll` is over. */
  preparing: Promise<void> | undefined;
  private readonly pending = new Map<string, Promise<string>>();
  private queue: Promise<unknown> = Promise.resolve();
  private ffmpeg: Promise<string | undefined> | undefined;

  constructor(private readonly options: LandingVideoStoreOptions) {}

  fileOf(name: string, variant: VideoVariant): string {
    return path.join(this.options.directory, `${name}-${variant}.mp4`);
  }

  /** The path of a ready file, rendering it first if needed. */
  ensure(source: LandingVideoSource, variant: VideoVariant): Promise<string> {
    const file = this.fileOf(source.name, variant);
    const running = this.pending.get(file);
    if (running) return running;
    const work = this.renderIfMissing(source, variant, file).finally(() =>
      this.pending.delete(file),
    );
    this.pending.set(file, work);
    return work;
  }

  /**
   * Renders every missing landing video, small files first (phones get theirs soonest), after
   * deleting what a render killed mid-way left behind.
   */
  prepareAll(): Promise<void> {
    this.preparing = (async () => {
      await removeStaleTemporaries(this.options.directory, this.options.now?.());
      for (const variant of ['small', 'large'] as const) {
        for (const source of SOURCES) {
          try {
            await this.ensure(source, variant);
          } catch (error) {
            this.options.onError?.(error);
            if (error instanceof VideoUnavailableError) return;
          }
        }
      }
    })();
    return this.preparing;
  }

  private async renderIfMissing(
    source: LandingVideoSource,
    variant: VideoVariant,
    file: string,
  ): Promise<string> {
    if (await isReady(file)) return file;
    // One render at a time; the file may have appeared while this one waited its turn.
    const turn = this.queue.then(async () =>
      (await isReady(file)) ? file : this.render(source, variant, file),
    );
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async render(
    source: LandingVideoSource,
    variant: VideoVariant,
    file: string,
  ): Promise<string> {
    this.ffmpeg ??=
      this.options.ffmpegPath === null
        ? Promise.resolve(undefined)
        : findFfmpeg(this.options.ffmpegPath);
    const ffmpeg = await this.ffmpeg;
    if (!ffmpeg) {
      throw new VideoUnavailableError(
        'Landing videos are not available: this server has no video encoder (ffmpeg)',
      );
    }
    const motion = this.options.motion ?? DEFAULT_MOTION;
    const spec: VideoSpec = { ...VIDEO_VARIANTS[variant], fps: motion.fps };
    const frameCount = Math.round(motion.seconds * motion.fps);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    this.stats.encodes += 1;
    try {
      await encodeMp4(ffmpeg, temporary, spec, sceneFrames(source, spec, frameCount));
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return file;
  }
}

async function isReady(file: string): Promise<boolean> {
  const info = await stat(file).catch(() => undefined);
  return info !== undefined && info.isFile() && info.size > 0;
}
