import type { Plugin } from 'vite';

/** Vite's `build.modulePreload.resolveDependencies`. */
export type ResolveDependencies = (
  file: string,
  deps: string[],
  context: { hostId: string; hostType: 'html' | 'js' },
) => string[];

/** The `/{slug}` page modules the entry imports on navigation (server/slug-page-manifests.ts). */
const SLUG_PAGES = [
  '/src/features/tour/components/tour-page/tour-page.tsx',
  '/src/features/search/components/search-page/search-page.tsx',
];

/** Whether a chunk's module is a route's split component or a `/{slug}` page (navigation only). */
export function isNavigationModule(id: string | null | undefined): boolean {
  if (!id) return false;
  return id.includes('?tsr-split=') || SLUG_PAGES.some((page) => id.endsWith(page));
}

/**
 * Preload lists that the first load does not carry (decision 155). Vite writes into the entry,
 * for each `import()`, the files to fetch beside it: for the ~50 route and page chunks those
 * lists were ~1.5 kB of the first load's gzip, needed only by a navigation. The landing page does
 * not need them (the server's HTML preloads its own route chunks and their imports), and a
 * navigation's chunk is fetched on intent (the router's `defaultPreload: 'intent'`), its imports
 * right after it. No list names a file of the first load (loaded already) nor the chunk itself
 * (decision 135).
 */
export function navigationPreloads(): { plugin: Plugin; resolveDependencies: ResolveDependencies } {
  let entryFile: string | undefined;
  let firstLoad = new Set<string>();
  let navigationChunks = new Set<string>();

  const plugin: Plugin = {
    name: 'gallop:navigation-preloads',
    apply: 'build',
    // Before Vite's import analysis writes the lists (it calls `resolveDependencies`).
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).flatMap((item) =>
          item.type === 'chunk' ? [item] : [],
        );
        entryFile = chunks.find((chunk) => chunk.isEntry)?.fileName;
        firstLoad = new Set();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (firstLoad.has(file) || chunk?.type !== 'chunk') return;
          firstLoad.add(file);
          chunk.imports.forEach(visit);
        };
        if (entryFile) visit(entryFile);
        navigationChunks = new Set(
          chunks.filter((chunk) => isNavigationModule(chunk.facadeModuleId)).map((c) => c.fileName),
        );
      },
    },
  };

  const resolveDependencies: ResolveDependencies = (file, deps, { hostId }) => {
    if (hostId === entryFile && navigationChunks.has(file)) return [];
    return deps.filter((dep) => dep !== file && !firstLoad.has(dep));
  };

  return { plugin, resolveDependencies };
}
