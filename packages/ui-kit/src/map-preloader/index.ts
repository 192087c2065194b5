export { MAP_PRELOADER_TEXTS, MAP_PREVIEW_SIZE, MapPreloader } from './map-preloader';
export type { MapPreloaderProps, MapPreloaderTexts } from './map-preloader';
