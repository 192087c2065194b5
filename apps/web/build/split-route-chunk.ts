import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The module that defines `splitRouteChunk`, which the rewritten route files import. */
const RUNTIME = fileURLToPath(new URL('./split-route-chunk-runtime.ts', import.meta.url));

const LOADER_IMPORTER = /const \$\$splitLoaderImporter = \(\) => import\(("[^"]+")\);\n/;
const COMPONENT_IMPORTER = /const \$\$splitComponentImporter = \(\) => import\(("[^"]+")\);\n/;
const LOADER = 'loader: lazyFn($$splitLoaderImporter, "loader")';
/** The component property with the comma before it (it is never the first property here). */
const COMPONENT =
  /,(\s*)component: lazyRouteComponent\(\$\$splitComponentImporter, "component"\)(?=\s*[,}])/;

const count = (text: string, part: string) => text.split(part).length - 1;

/**
 * Rewrites a route file as TanStack's router plugin leaves it for the route tree, when its loader
 * and component share one chunk (`codeSplittingOptions` in vite.config.ts). The plugin gives each
 * property an importer of its own, so the first load named every route chunk twice, each time
 * with Vite's list of the chunk's dependencies. Here one importer serves both:
 *
 * ```js
 * loader: lazyFn($$splitLoaderImporter, "loader"), ..., component: lazyRouteComponent($$splitComponentImporter, "component")
 * // becomes
 * ...splitRouteChunk($$splitComponentImporter), ...
 * ```
 *
 * Code in any other shape (a route without both, another plugin version's output) stays as it was.
 */
export function mergeSplitImporters(code: string): string | undefined {
  const loaderImporter = LOADER_IMPORTER.exec(code);
  const componentImporter = COMPONENT_IMPORTER.exec(code);
  if (!loaderImporter || !componentImporter || loaderImporter[1] !== componentImporter[1]) {
    return undefined;
  }
  const rest = code.replace(LOADER_IMPORTER, '');
  // Each importer is used by its property alone.
  if (count(rest, '$$splitLoaderImporter') !== 1 || count(rest, LOADER) !== 1) return undefined;
  if (count(rest, '$$splitComponentImporter') !== 2 || !COMPONENT.test(rest)) return undefined;
  const merged = rest
    .replace(LOADER, () => '...splitRouteChunk($$splitComponentImporter)')
    .replace(COMPONENT, '');
  return `import { splitRouteChunk } from ${JSON.stringify(RUNTIME)};\n${merged}`;
}

/** {@link mergeSplitImporters} on the route files of a build. */
export function splitRouteChunkPlugin(): Plugin {
  return {
    name: 'gallop:split-route-chunk',
    apply: 'build',
    transform: {
      filter: { id: /\/src\/routes\/[^?]*\.tsx$/ },
      handler(code) {
        const merged = mergeSplitImporters(code);
        return merged === undefined ? undefined : { code: merged, map: null };
      },
    },
  };
}
