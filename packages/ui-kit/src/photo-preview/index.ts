export {
  PHOTO_PREVIEW_LIMIT,
  PHOTO_PREVIEW_MORE_TEXT,
  PHOTO_PREVIEW_SIZES,
  PhotoPreview,
} from './photo-preview';
export type { PhotoPreviewProps } from './photo-preview';
