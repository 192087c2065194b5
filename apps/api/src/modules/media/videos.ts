import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { removeStaleTemporaries } from './disk-cache.ts';
import type { LandscapeName } from './landscapes.ts';
import type { MediaRenderer } from './renderer.ts';
import { SIZE_PLACEHOLDER, type MediaScene } from './urls.ts';

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

export interface LandingVideoSource {
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

/** One landing video file to encode: its size, encoder quality and frames. */
export interface LandingVideoSpec {
  width: number;
  height: number;
  fps: number;
  /** x264 constant rate factor: higher is smaller and softer. */
  crf: number;
  frames: number;
}

export interface LandingVideoStoreOptions {
  /** Folder for the rendered files (inside the media cache folder). */
  directory: string;
  /**
   * Draws and encodes a missing video (the demo package, in demo mode: decision 105). Without
   * it the store serves the files already in `directory` and answers the others unavailable.
   */
  render?: MediaRenderer['renderLandingVideo'] | undefined;
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
    const render = this.options.render;
    if (!render) {
      throw new VideoUnavailableError(
        'Landing videos are not available: this server renders none (demo mode only)',
      );
    }
    const motion = this.options.motion ?? DEFAULT_MOTION;
    const spec: LandingVideoSpec = {
      ...VIDEO_VARIANTS[variant],
      fps: motion.fps,
      frames: Math.round(motion.seconds * motion.fps),
    };
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      await render(source, spec, temporary);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    this.stats.encodes += 1;
    return file;
  }
}

async function isReady(file: string): Promise<boolean> {
  const info = await stat(file).catch(() => undefined);
  return info !== undefined && info.isFile() && info.size > 0;
}
