import { lazyFn, lazyRouteComponent } from '@tanstack/react-router';

/**
 * A route's loader and component from the one chunk that holds both: the route files the build
 * rewrites (./split-route-chunk.ts) spread this into their options.
 */
export function splitRouteChunk(importer: Parameters<typeof lazyFn>[0]) {
  return {
    loader: lazyFn(importer, 'loader'),
    component: lazyRouteComponent(importer, 'component'),
  };
}
