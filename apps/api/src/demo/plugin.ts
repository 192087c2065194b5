import type { Database } from '#src/db/client.ts';
import type { MediaRenderer } from '#src/modules/media/index.ts';

/** How big and which demo catalogue to seed (tests and benchmarks seed other sizes). */
export interface DemoSeedOptions {
  /** Tours to generate; the demo has 400. */
  tours?: number;
  /** The generator's seed: the same number gives the same catalogue on every machine. */
  seed?: number;
  /** The reference day (YYYY-MM-DD); dates are generated around it. Defaults to today (UTC). */
  today?: string;
  log?: (message: string) => void;
}

/**
 * The port the demo package (`@gallop/api-demo`, apps/api-demo) fills: what the API asks of it
 * in demo mode (`DEMO_DATA=on`) and nowhere else. Decision 105.
 */
export interface DemoPlugin {
  /** Fills an empty, migrated database with the deterministic demo catalogue and accounts. */
  seedDatabase(db: Database, options?: DemoSeedOptions): Promise<void>;
  /**
   * Draws the demo's pictures (`/media/generated/...`) and films its landing videos;
   * `ffmpegPath` replaces the npm-installed encoder, `null` films none.
   */
  mediaRenderer(options?: { ffmpegPath?: string | null }): MediaRenderer;
}

let loading: Promise<DemoPlugin> | undefined;

/**
 * Loads the demo package. The only place the API names it, and only called in demo mode (and by
 * the tests, which run on the demo catalogue): the dynamic import keeps it out of the production
 * graph, and tsup puts it in a chunk of its own that `dist/main.js` never loads otherwise. The
 * package is installed at the workspace root; the API does not depend on it (the demo depends
 * on the API), so an install of the API alone has no demo to load.
 */
export function loadDemoPlugin(): Promise<DemoPlugin> {
  loading ??= import('@gallop/api-demo').then(
    (demo) => demo.demoPlugin,
    (error: unknown) => {
      loading = undefined;
      if (!isDemoPackageMissing(error)) throw error;
      throw new Error(
        'DEMO_DATA=on needs the demo package @gallop/api-demo (apps/api-demo), which is not installed here',
        { cause: error },
      );
    },
  );
  return loading;
}

function isDemoPackageMissing(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND' &&
    error.message.includes("'@gallop/api-demo'")
  );
}

/**
 * The demo's media renderer, for the media routes in demo mode. The package loads with the first
 * picture or video asked for (the seed may have loaded it already), not when the app is built.
 */
export function lazyDemoMediaRenderer(): MediaRenderer {
  let renderer: Promise<MediaRenderer> | undefined;
  const load = () => (renderer ??= loadDemoPlugin().then((demo) => demo.mediaRenderer()));
  return {
    renderPicture: async (picture, variant) => (await load()).renderPicture(picture, variant),
    renderLandingVideo: async (source, spec, file) =>
      (await load()).renderLandingVideo(source, spec, file),
  };
}
