export {
  TILE_GALLERY_GAP,
  TILE_GALLERY_IMAGE_SIZE,
  TILE_GALLERY_LIMIT,
  TileGallery,
} from './tile-gallery';
export type { TileGalleryProps } from './tile-gallery';
