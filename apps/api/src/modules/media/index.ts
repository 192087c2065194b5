/**
 * The media module: generated pictures, landing videos and the media routes.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { type DiskCache } from './disk-cache.ts';
export { loadSharp, resizeStoredImage } from './image-pipeline.ts';
export {
  isLandscapeName,
  landscapeName,
  parseLandscape,
  type LandscapeName,
  type Terrain,
} from './landscapes.ts';
export { resolveLandscape } from './render/landscapes.ts';
export {
  DEFAULT_MEDIA_CACHE_DIR,
  registerMediaRoutes,
  sendFileWithRanges,
  sendImageVariant,
  statStoredFile,
} from './routes.ts';
export { parseSizedFile } from './sizes.ts';
export { generatedImageUrl, isMediaScene, SIZE_PLACEHOLDER, type MediaScene } from './urls.ts';
export { LANDING_VIDEOS, LandingVideoStore } from './videos.ts';
