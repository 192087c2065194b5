/**
 * The media module: the media routes, the picture pipeline for uploads, the URL grammar of
 * generated pictures and the landing videos' files. Drawing them is the demo package's
 * (`MediaRenderer`, decision 105).
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { type DiskCache } from './disk-cache.ts';
export {
  encodeImage,
  loadSharp,
  resizeStoredImage,
  type GeneratedPicture,
  type ImageVariant,
} from './image-pipeline.ts';
export {
  isLandscapeName,
  landscapeName,
  parseLandscape,
  TERRAINS,
  type LandscapeName,
  type Terrain,
} from './landscapes.ts';
export { type MediaRenderer } from './renderer.ts';
export {
  DEFAULT_MEDIA_CACHE_DIR,
  registerMediaRoutes,
  sendFileWithRanges,
  sendImageVariant,
  statStoredFile,
} from './routes.ts';
export { parseSizedFile } from './sizes.ts';
export {
  generatedImageUrl,
  isMediaScene,
  MEDIA_SCENES,
  SIZE_PLACEHOLDER,
  type MediaScene,
} from './urls.ts';
export {
  LANDING_VIDEOS,
  LandingVideoStore,
  landingVideoSource,
  VideoUnavailableError,
  type LandingVideoSource,
  type LandingVideoSpec,
} from './videos.ts';
