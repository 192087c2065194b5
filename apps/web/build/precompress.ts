import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt)$/;
const MIN_BYTES = 1024;

/** Writes `.br` and `.gz` next to each compressible client asset, served by `precompressed`. */
export function precompressPlugin(): Plugin {
  return {
    name: 'gallop:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (this.environment.config.consumer !== 'client' || !options.dir) return;
      const outDir = options.dir;
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => COMPRESSIBLE.test(fileName) && !fileName.startsWith('.'))
          .map(async (fileName) => {
            const file = path.join(outDir, fileName);
            const source = await readFile(file);
            if (source.length < MIN_BYTES) return;
            await Promise.all([
              brotli(source, {
                params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
              }).then((data) => writeFile(`${file}.br`, data)),
              gzipAsync(source, { level: 9 }).then((data) => writeFile(`${file}.gz`, data)),
            ]);
          }),
      );
    },
  };
}
