import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the phone input asks for its square flags (the kit's PHONE_FLAGS_PATH). */
export const FLAGS_PATH = '/flags/1x1';

/** Regions flag-icons keeps under their parent: Ascension and Tristan da Cunha (Saint Helena). */
const FLAG_ALIASES: Readonly<Record<string, string>> = { ac: 'sh-ac', ta: 'sh-ta' };

const FLAG_NAME = /^[a-z]{2}(-[a-z]+)?\.svg$/;

/** The square SVG flags of the `flag-icons` package. */
function flagIconsDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('flag-icons/package.json')), 'flags', '1x1');
}

/** The served file names (`de.svg`, `ac.svg` …), each with the package file it comes from. */
export function flagFiles(dir: string = flagIconsDir()): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(dir)) {
    if (FLAG_NAME.test(name)) files.set(name, path.join(dir, name));
  }
  for (const [code, source] of Object.entries(FLAG_ALIASES)) {
    const file = files.get(`${source}.svg`);
    if (file) files.set(`${code}.svg`, file);
  }
  return files;
}

/**
 * Bundles the flags with the web instead of loading them from a CDN: the dev server answers
 * `/flags/1x1/<cc>.svg` from the package, and the client build writes them beside its assets,
 * where the production server serves (and the build precompresses) them.
 */
export function flagsPlugin(dir?: string): Plugin {
  let files: Map<string, string> | undefined;
  const all = () => (files ??= flagFiles(dir));
  return {
    name: 'gallop:flags',
    configureServer(server) {
      server.middlewares.use(FLAGS_PATH, (req, res, next) => {
        const name = (req.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '';
        const file = all().get(name);
        if (!file) return next();
        res.setHeader('Content-Type', 'image/svg+xml');
        res.setHeader('Cache-Control', 'public, max-age=3600');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      if (this.environment.config.consumer !== 'client') return;
      for (const [name, file] of all()) {
        this.emitFile({
          type: 'asset',
          fileName: `${FLAGS_PATH.slice(1)}/${name}`,
          source: readFileSync(file),
        });
      }
    },
  };
}
