/** The fullscreen viewer, loaded on first use: see `useMediaViewer` in ./tour-gallery.tsx. */
export { MediaViewer } from '@gallop/ui-kit';
