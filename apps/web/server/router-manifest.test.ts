// @vitest-environment node
import { rootRouteId } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { ROOT_ROUTE_ID, buildRouterManifest, type ViteManifest } from './router-manifest';

const viteManifest: ViteManifest = {
  'src/entry-client.tsx': {
    file: 'assets/entry-client-A1.js',
    src: 'src/entry-client.tsx',
    isEntry: true,
    imports: ['_vendor-B2.js'],
    dynamicImports: [
      'src/routes/index.tsx?tsr-split=component',
      'src/routes/about.tsx?tsr-split=component',
    ],
    css: ['assets/entry-client-C3.css'],
  },
  '_vendor-B2.js': { file: 'assets/vendor-B2.js' },
  '_shared-D4.js': {
    file: 'assets/shared-D4.js',
    imports: ['_vendor-B2.js'],
    css: ['assets/shared-D4.css'],
  },
  'src/routes/index.tsx?tsr-split=component': {
    file: 'assets/index-E5.js',
    src: 'src/routes/index.tsx?tsr-split=component',
    isDynamicEntry: true,
    imports: ['src/entry-client.tsx', '_shared-D4.js'],
    css: ['assets/index-F6.css'],
  },
  'src/routes/about.tsx?tsr-split=component': {
    file: 'assets/about-G7.js',
    src: 'src/routes/about.tsx?tsr-split=component',
    isDynamicEntry: true,
    imports: ['src/entry-client.tsx', '_shared-D4.js'],
  },
};

const routeFiles = {
  'src/routes/__root.tsx': ROOT_ROUTE_ID,
  'src/routes/index.tsx': '/',
  'src/routes/about.tsx': '/about',
};

describe('buildRouterManifest', () => {
  it('uses the same root route id as TanStack Router', () => {
    expect(ROOT_ROUTE_ID).toBe(rootRouteId);
  });

  it('gives the root the entry script, its static imports as preloads and its CSS', () => {
    const { routes } = buildRouterManifest(viteManifest, routeFiles);
    expect(routes[ROOT_ROUTE_ID]).toEqual({
      scripts: [{ attrs: { type: 'module', src: '/assets/entry-client-A1.js' } }],
      preloads: ['/assets/vendor-B2.js'],
      css: ['/assets/entry-client-C3.css'],
    });
  });

  it('gives each route modulepreloads and CSS for its own chunks, minus what the root loads', () => {
    const { routes } = buildRouterManifest(viteManifest, routeFiles);
    expect(routes['/']).toEqual({
      preloads: ['/assets/index-E5.js', '/assets/shared-D4.js'],
      css: ['/assets/index-F6.css', '/assets/shared-D4.css'],
    });
    expect(routes['/about']).toEqual({
      preloads: ['/assets/about-G7.js', '/assets/shared-D4.js'],
      css: ['/assets/shared-D4.css'],
    });
  });

  it('honours a base path and fails loudly without the client entry', () => {
    const { routes } = buildRouterManifest(viteManifest, routeFiles, '/static/');
    expect(routes['/']?.preloads?.[0]).toBe('/static/assets/index-E5.js');
    expect(() => buildRouterManifest({}, routeFiles)).toThrow(/src\/entry-client\.tsx/);
  });
});

describe('buildRouterManifest with one app stylesheet (cssCodeSplit: false)', () => {
  it('gives the root that stylesheet first', () => {
    const single: ViteManifest = {
      ...viteManifest,
      'style.css': { file: 'assets/style-Z9.css', src: 'style.css' },
    };
    const manifest = buildRouterManifest(single, routeFiles);
    expect(manifest.routes[ROOT_ROUTE_ID]?.css?.[0]).toBe('/assets/style-Z9.css');
  });
});
