import { imageUrl, PhotoPreview, type MediaItem } from '@gallop/ui-kit';
import { lazy, Suspense, useState } from 'react';
import './tour-gallery.css';

/** 16:9 sizes the media server renders; the browser picks by width (`sizes` below). */
const HERO_WIDTHS = [
  ['480x270', 480],
  ['960x540', 960],
  ['1280x720', 1280],
  ['1920x1080', 1920],
] as const;

export interface MediaViewerState {
  items: readonly MediaItem[];
  index: number;
}

// The viewer is react-aria's modal (~35 kB gzip with its focus and overlay code): it loads when
// a picture is first opened, not with the tour page, which the browser runs before hydrating.
const MediaViewer = lazy(() =>
  import('./media-viewer').then(({ MediaViewer }) => ({ default: MediaViewer })),
);

/** One fullscreen viewer for every picture on a page: the hero, the gallery, review photos. */
export function useMediaViewer() {
  const [state, setState] = useState<MediaViewerState | null>(null);
  // Stays mounted once opened, so closing plays the modal's exit.
  const [opened, setOpened] = useState(false);
  const open = (items: readonly MediaItem[], index: number) => {
    setOpened(true);
    setState({ items, index });
  };
  const viewer = opened ? (
    <Suspense fallback={null}>
      <MediaViewer
        items={state?.items ?? []}
        isOpen={state !== null}
        startIndex={state?.index ?? 0}
        onClose={() => setState(null)}
      />
    </Suspense>
  ) : null;
  return { open, viewer };
}

export interface TourHeroProps {
  images: readonly MediaItem[];
  name: string;
  onOpen: (index: number) => void;
}

/**
 * The tour's first picture, large and loaded first (it is the page's largest paint), with the
 * next three as a preview strip that says how many more there are.
 */
export function TourHero({ images, name, onOpen }: TourHeroProps) {
  const [first, ...rest] = images;
  if (!first) return null;
  return (
    <div className="tour-hero">
      <button
        type="button"
        className="tour-hero__main"
        onClick={() => onOpen(0)}
        aria-label={`Open the photos of ${name}`}
      >
        <img
          className="tour-hero__image"
          src={imageUrl(first.image, '960x540')}
          srcSet={HERO_WIDTHS.map(
            ([size, width]) => `${imageUrl(first.image, size)} ${width}w`,
          ).join(', ')}
          sizes="(min-width: 1200px) 780px, (min-width: 992px) 62vw, 100vw"
          width={960}
          height={540}
          alt={first.alt ?? name}
          fetchPriority="high"
          decoding="async"
        />
      </button>
      {rest.length > 0 && (
        <PhotoPreview
          className="tour-hero__preview"
          photos={numberedInGallery(rest, images.length)}
          openLabel="{alt}"
          onOpen={(index) => onOpen(index + 1)}
        />
      )}
    </div>
  );
}

/**
 * The strip's photos with their buttons' names counted as the viewer counts them ('Open photo 2
 * of 7: …'): the strip starts at the tour's second photo, while PhotoPreview numbers its own
 * photos from 1. A preview that opens the viewer shows no `alt` (the button carries the name), so
 * the whole name travels in it.
 */
function numberedInGallery(previews: readonly MediaItem[], total: number): MediaItem[] {
  return previews.map((photo, index) => ({
    ...photo,
    alt: `Open photo ${index + 2} of ${total}: ${photo.alt ?? ''}`,
  }));
}
