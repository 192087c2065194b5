// Renders the landing videos ahead of time (e.g. while building an image), so the first start
// has nothing left to encode. The API in demo mode also renders missing ones itself in the
// background; without DEMO_DATA=on it serves the files found here and renders none.
//
//   node --import tsx scripts/generate-videos.mjs [cache-folder]
//
// The folder defaults to the API's media cache (apps/api/.data/media-cache).
import path from 'node:path';
import {
  DEFAULT_MEDIA_CACHE_DIR,
  LANDING_VIDEOS,
  LandingVideoStore,
} from '@gallop/api/src/modules/media/index.ts';
import { createMediaRenderer } from '../src/media/renderer.ts';

const cacheDir = path.resolve(process.argv[2] ?? DEFAULT_MEDIA_CACHE_DIR);
const failures = [];
const store = new LandingVideoStore({
  directory: path.join(cacheDir, 'videos'),
  render: createMediaRenderer().renderLandingVideo,
  onError: (error) => failures.push(error),
});
const started = performance.now();
await store.prepareAll();
if (failures.length > 0) {
  for (const failure of failures)
    console.error(failure instanceof Error ? failure.message : failure);
  process.exit(1);
}
for (const video of LANDING_VIDEOS) {
  console.info(
    `${video.name}: ${store.fileOf(video.name, 'small')}, ${store.fileOf(video.name, 'large')}`,
  );
}
console.info(`landing videos ready in ${Math.round(performance.now() - started)} ms`);
