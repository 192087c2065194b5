export {
  MEDIA_VIEWER_DOUBLE_TAP_MS,
  MEDIA_VIEWER_SWIPE_THRESHOLD,
  MEDIA_VIEWER_TRANSITION_MS,
  MEDIA_VIEWER_ZOOM,
  dragOutcome,
  pinchZoom,
  toggleZoom,
  wrapIndex,
} from './gestures';
export { MEDIA_VIEWER_IMAGE_SIZE, MediaViewer } from './media-viewer';
export type { MediaViewerProps } from './media-viewer';
