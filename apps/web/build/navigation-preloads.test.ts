import { describe, expect, it } from 'vitest';
import { isNavigationModule, navigationPreloads } from './navigation-preloads.ts';

type Bundle = Record<string, unknown>;
const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
  imports,
  isEntry: fileName === 'assets/entry.js',
});

/** Runs the plugin's bundle pass as Vite would, before the preload lists are written. */
function prepared(bundle: Bundle) {
  const preloads = navigationPreloads();
  const hook = preloads.plugin.generateBundle as { handler: (o: unknown, b: Bundle) => void };
  hook.handler({}, bundle);
  return preloads.resolveDependencies;
}

describe('navigationPreloads', () => {
  const bundle: Bundle = {
    'assets/entry.js': chunk('assets/entry.js', '/src/entry-client.tsx', ['assets/shell.js']),
    'assets/shell.js': chunk('assets/shell.js', null),
    'assets/route.js': chunk('assets/route.js', '/src/routes/login.tsx?tsr-split=component', [
      'assets/form.js',
    ]),
    'assets/tour.js': chunk(
      'assets/tour.js',
      '/src/features/tour/components/tour-page/tour-page.tsx',
    ),
    'assets/footer.js': chunk('assets/footer.js', '/src/components/footer.tsx', ['assets/form.js']),
    'assets/form.js': chunk('assets/form.js', null),
  };
  const fromEntry = { hostId: 'assets/entry.js', hostType: 'js' as const };

  it('leaves a navigation chunk imported by the entry without a list', () => {
    const resolve = prepared(bundle);
    expect(resolve('assets/route.js', ['assets/route.js', 'assets/form.js'], fromEntry)).toEqual(
      [],
    );
    expect(resolve('assets/tour.js', ['assets/tour.js', 'assets/form.js'], fromEntry)).toEqual([]);
  });

  it('keeps other lazy parts’ lists, without the chunk itself or a first-load file', () => {
    const resolve = prepared(bundle);
    const deps = ['assets/footer.js', 'assets/shell.js', 'assets/form.js'];
    expect(resolve('assets/footer.js', deps, fromEntry)).toEqual(['assets/form.js']);
    // A navigation chunk imported from another chunk keeps its list.
    const fromRoute = { hostId: 'assets/route.js', hostType: 'js' as const };
    expect(resolve('assets/tour.js', ['assets/form.js'], fromRoute)).toEqual(['assets/form.js']);
  });

  it('tells route components and slug pages from other modules', () => {
    expect(isNavigationModule('/app/src/routes/bookings.tsx?tsr-split=component')).toBe(true);
    expect(
      isNavigationModule('/app/src/features/search/components/search-page/search-page.tsx'),
    ).toBe(true);
    expect(isNavigationModule('/app/src/components/footer.tsx')).toBe(false);
    expect(isNavigationModule(null)).toBe(false);
  });
});
