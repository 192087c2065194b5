import { cpSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * Keeps one output file per source file (like Rollup's `preserveModules`): every relative import
 * stays an import, rewritten to the emitted `.js` file, and `import './x.css'` stays as written.
 * A consumer's bundler then follows only the modules (and so the CSS) of the components it
 * imports; `sideEffects: ["**\/*.css"]` lets it drop the rest. See docs/decisions/007.
 */
const preserveModules: EsbuildPlugin = {
  name: 'gallop-preserve-modules',
  setup(build) {
    build.onResolve({ filter: /^\.{1,2}\// }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (args.path.endsWith('.css')) return { path: args.path, external: true };
      const target = resolve(args.resolveDir, args.path);
      if (['.ts', '.tsx'].some((ext) => existsSync(target + ext))) {
        return { path: `${args.path}.js`, external: true };
      }
      if (['.ts', '.tsx'].some((ext) => existsSync(join(target, `index${ext}`)))) {
        return { path: `${args.path}/index.js`, external: true };
      }
      return undefined;
    });
  },
};

export default defineConfig({
  // Sample photos feed stories and tests only: they stay out of the published package.
  entry: ['src/**/*.{ts,tsx}', '!src/**/*.{test,stories}.{ts,tsx}', '!src/media/sample-photos.ts'],
  format: ['esm'],
  bundle: true,
  esbuildPlugins: [preserveModules],
  // One self-contained declaration file for the one public entry.
  dts: { entry: { index: 'src/index.ts' } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['react', 'react-dom'],
  // Plain CSS is shipped as written, beside the module that imports it.
  onSuccess: async () => {
    cpSync('src', 'dist', {
      recursive: true,
      filter: (source) => !source.includes('.') || source.endsWith('.css'),
    });
  },
});
