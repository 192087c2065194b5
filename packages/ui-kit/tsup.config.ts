import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * Keeps one output file per source file (like Rollup's `preserveModules`): every relative import
 * stays an import, rewritten to the emitted `.js` file. With `keepCss`, `import './x.css'` stays
 * as written (the bundler build); without it the CSS import is dropped (the Node build).
 * See docs/decisions/007.
 */
function preserveModules(keepCss: boolean): EsbuildPlugin {
  return {
    name: 'gallop-preserve-modules',
    setup(build) {
      build.onResolve({ filter: /^\.{1,2}\// }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (args.path.endsWith('.css')) {
          return keepCss
            ? { path: args.path, external: true }
            : // Not ending in .css, so that tsup's own CSS loader leaves it alone.
              { path: `${args.path}?omitted`, namespace: 'gallop-no-css' };
        }
        const target = resolve(args.resolveDir, args.path);
        if (['.ts', '.tsx'].some((ext) => existsSync(target + ext))) {
          return { path: `${args.path}.js`, external: true };
        }
        if (['.ts', '.tsx'].some((ext) => existsSync(join(target, `index${ext}`)))) {
          return { path: `${args.path}/index.js`, external: true };
        }
        return undefined;
      });
      // Node cannot load CSS: the Node build replaces each CSS import with nothing.
      build.onLoad({ filter: /.*/, namespace: 'gallop-no-css' }, () => ({
        contents: '',
        loader: 'js',
      }));
    },
  };
}

/**
 * `components.css` lists every component stylesheet with `@import` (the source, read by Vite in
 * the workspace); the published file is flattened into one stylesheet that a page can `<link>`.
 */
function flattenCss(file: string, seen = new Set<string>()): string {
  if (seen.has(file)) return '';
  seen.add(file);
  return readFileSync(file, 'utf8').replace(/^@import\s+'([^']+)';\s*$/gm, (_, path: string) =>
    flattenCss(join(dirname(file), path), seen),
  );
}

const shared = {
  // Sample photos feed stories and tests only: they stay out of the published package.
  entry: ['src/**/*.{ts,tsx}', '!src/**/*.{test,stories}.{ts,tsx}', '!src/media/sample-photos.ts'],
  format: ['esm'],
  bundle: true,
  sourcemap: true,
  // `pnpm build` empties dist/ first; two builds write into it at the same time.
  clean: false,
  target: 'es2022',
  external: ['react', 'react-dom'],
} satisfies Options;

export default defineConfig([
  // For bundlers (the "module" export condition): each component imports its own CSS.
  {
    ...shared,
    outDir: 'dist',
    esbuildPlugins: [preserveModules(true)],
    // One self-contained declaration file for the one public entry; both builds share it.
    dts: { entry: { index: 'src/index.ts' } },
    // Plain CSS is shipped as written, beside the module that imports it.
    onSuccess: async () => {
      cpSync('src', 'dist', {
        recursive: true,
        filter: (source) => !source.includes('.') || source.endsWith('.css'),
      });
      writeFileSync('dist/components.css', flattenCss('src/components.css'));
    },
  },
  // For Node without a bundler (the "default" condition: SSR, scripts, tests): no CSS imports.
  {
    ...shared,
    outDir: 'dist/node',
    esbuildPlugins: [preserveModules(false)],
  },
]);
