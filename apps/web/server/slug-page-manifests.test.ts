// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ROOT_ROUTE_ID, buildRouterManifest, type ViteManifest } from './router-manifest';
import { SLUG_PAGE_MODULES, slugPageManifests } from './slug-page-manifests';

const viteManifest: ViteManifest = {
  'src/entry-client.tsx': {
    file: 'assets/entry-client-A1.js',
    src: 'src/entry-client.tsx',
    isEntry: true,
    imports: ['_vendor-B2.js'],
    css: ['assets/entry-client-C3.css'],
  },
  '_vendor-B2.js': { file: 'assets/vendor-B2.js' },
  '_card-D4.js': { file: 'assets/card-D4.js', css: ['assets/card-D4.css'] },
  'src/routes/$slug.tsx?tsr-split=loader---component': {
    file: 'assets/slug-E5.js',
    src: 'src/routes/$slug.tsx?tsr-split=loader---component',
    isDynamicEntry: true,
    imports: ['src/entry-client.tsx'],
  },
  [SLUG_PAGE_MODULES.tour]: {
    file: 'assets/tour-page-F6.js',
    src: SLUG_PAGE_MODULES.tour,
    isDynamicEntry: true,
    imports: ['src/entry-client.tsx', '_card-D4.js'],
    css: ['assets/tour-page-G7.css'],
  },
  [SLUG_PAGE_MODULES.search]: {
    file: 'assets/search-page-H8.js',
    src: SLUG_PAGE_MODULES.search,
    isDynamicEntry: true,
    imports: ['src/entry-client.tsx', '_card-D4.js'],
    css: ['assets/search-page-I9.css'],
  },
};

const routeFiles = { 'src/routes/__root.tsx': ROOT_ROUTE_ID, 'src/routes/$slug.tsx': '/$slug' };
const manifestFor = slugPageManifests(viteManifest, buildRouterManifest(viteManifest, routeFiles));

describe('slugPageManifests', () => {
  it('gives a tour address the tour page stylesheet and chunk, not the search page', () => {
    const slug = manifestFor('/iceland-highland-trail-123').routes['/$slug'];
    expect(slug?.css).toEqual(['/assets/tour-page-G7.css', '/assets/card-D4.css']);
    expect(slug?.preloads).toEqual([
      '/assets/slug-E5.js',
      '/assets/tour-page-F6.js',
      '/assets/card-D4.js',
    ]);
  });

  it('gives any other one-segment address the search page', () => {
    const slug = manifestFor('/argentina').routes['/$slug'];
    expect(slug?.css).toEqual(['/assets/search-page-I9.css', '/assets/card-D4.css']);
    expect(slug?.preloads).toContain('/assets/search-page-H8.js');
    expect(slug?.preloads).not.toContain('/assets/tour-page-F6.js');
  });

  it('never repeats what the root already loads', () => {
    const { routes } = manifestFor('/argentina');
    const slugFiles = [...(routes['/$slug']?.preloads ?? []), ...(routes['/$slug']?.css ?? [])];
    expect(slugFiles).not.toContain('/assets/vendor-B2.js');
    expect(slugFiles).not.toContain('/assets/entry-client-A1.js');
    expect(slugFiles).not.toContain('/assets/entry-client-C3.css');
    expect(routes[ROOT_ROUTE_ID]?.css).toEqual(['/assets/entry-client-C3.css']);
  });

  it('fails loudly when a page module is missing from the build', () => {
    const { [SLUG_PAGE_MODULES.search]: _missing, ...withoutSearch } = viteManifest;
    expect(() =>
      slugPageManifests(withoutSearch, buildRouterManifest(withoutSearch, routeFiles)),
    ).toThrow(/search-page/);
  });
});
