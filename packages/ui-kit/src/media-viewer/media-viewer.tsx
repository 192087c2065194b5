import '../tokens/tokens.css';
import './media-viewer.css';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { cx } from '../internal/class-names';
import type { AriaNativeProps } from '../internal/root-props';
import { imageUrl, type MediaItem } from '../media/media';
import { isVideoItem } from '../media/video-item';
import { VideoPlayer, type VideoPlayerTexts } from '../video-player/video-player';
import {
  MEDIA_VIEWER_TRANSITION_MS,
  MEDIA_VIEWER_ZOOM,
  dragOutcome,
  isDoubleTap,
  isTap,
  pinchZoom,
  toggleZoom,
  wrapIndex,
} from './gestures';

/** Size asked from the `{{size}}` template for the fullscreen image. */
export const MEDIA_VIEWER_IMAGE_SIZE = '1200x00';

/**
 * Native props, `className`, `style` and `ref` go to the dialog panel, the `<section
 * role="dialog">` inside the fullscreen overlay; `label` stays its accessible name.
 */
export interface MediaViewerProps extends AriaNativeProps<'role', 'section'> {
  items: readonly MediaItem[];
  isOpen: boolean;
  onClose: () => void;
  /** The item shown when the viewer opens. */
  startIndex?: number;
  onIndexChange?: (index: number) => void;
  /** Accessible name of the dialog. */
  label?: string;
  closeLabel?: string;
  previousLabel?: string;
  nextLabel?: string;
  /** Names a video item without `alt` (its player and iframe). */
  videoLabel?: string;
  /** Labels of the video controls (play, pause, mute ...). */
  videoTexts?: Partial<VideoPlayerTexts>;
}

interface Point {
  x0: number;
  y0: number;
  x: number;
  y: number;
}

const distance = (a: Point, b: Point, start = false) =>
  start ? Math.hypot(a.x0 - b.x0, a.y0 - b.y0) : Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Fullscreen viewer (WAI-ARIA dialog from react-aria: focus trap, Esc closes). Arrow keys step
 * with wraparound; drag sideways over 100 px to change, up or down over 100 px to close; pinch or
 * double tap (within 300 ms) to zoom between 1 and 2. Items with a `video_url` play in a
 * VideoPlayer (a file, or a youtube/rutube/vimeo iframe) and do not zoom.
 *
 * **Usage.** Do open it from a thumbnail (TileGallery, PhotoPreview) at the picture that was
 * pressed, and give every item an `alt` that says what it shows (Riders crossing the Orkhon river
 * at dusk). Don't open it without a user action, and don't use it for a single decorative picture.
 */
export function MediaViewer({
  items,
  isOpen,
  onClose,
  startIndex = 0,
  onIndexChange,
  label = 'Photo viewer',
  closeLabel = 'Close',
  previousLabel = 'Previous',
  nextLabel = 'Next',
  videoLabel = 'Video',
  videoTexts,
  className,
  ...rest
}: MediaViewerProps) {
  const [index, setIndex] = useState(startIndex);
  const [scale, setScale] = useState<number>(MEDIA_VIEWER_ZOOM.min);
  const [drag, setDrag] = useState({ dx: 0, dy: 0 });
  const pointers = useRef(new Map<number, Point>());
  const pinch = useRef<{ start: number; last: number } | null>(null);
  const lastTapAt = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!isOpen) return;
    setIndex(wrapIndex(startIndex, items.length));
    setScale(MEDIA_VIEWER_ZOOM.min);
  }, [isOpen, startIndex, items.length]);

  const go = (step: number) => {
    const next = wrapIndex(index + step, items.length);
    setIndex(next);
    setScale(MEDIA_VIEWER_ZOOM.min);
    onIndexChange?.(next);
  };
  const goRef = useRef(go);
  goRef.current = go;

  useEffect(() => {
    if (!isOpen) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') goRef.current(1);
      else if (event.key === 'ArrowLeft') goRef.current(-1);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);

  const item = items[index];
  const video = item && isVideoItem(item) ? item : undefined;
  // Zoom is for photos only.
  const zoomable = video === undefined;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const { clientX: x, clientY: y } = event;
    pointers.current.set(event.pointerId, { x0: x, y0: y, x, y });
    const [a, b] = [...pointers.current.values()];
    if (a && b && zoomable) pinch.current = { start: distance(a, b, true), last: distance(a, b) };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const point = pointers.current.get(event.pointerId);
    if (!point) return;
    point.x = event.clientX;
    point.y = event.clientY;
    // Capture only once a real drag starts: a tap or click still reaches its target (the video's
    // play and mute buttons), while a drag keeps reporting when it leaves the stage.
    const stage = event.currentTarget;
    if (
      !isTap(point.x - point.x0, point.y - point.y0) &&
      !stage.hasPointerCapture?.(event.pointerId)
    )
      stage.setPointerCapture?.(event.pointerId);
    const [a, b] = [...pointers.current.values()];
    if (a && b && pinch.current) pinch.current.last = distance(a, b);
    else if (scale === MEDIA_VIEWER_ZOOM.min)
      setDrag({ dx: point.x - point.x0, dy: point.y - point.y0 });
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const point = pointers.current.get(event.pointerId);
    pointers.current.delete(event.pointerId);
    if (!point) return;
    setDrag({ dx: 0, dy: 0 });
    if (pinch.current) {
      // A pinch ends when its last finger lifts; a lone finger after it is not a drag.
      if (pointers.current.size === 0) {
        const { start, last } = pinch.current;
        setScale((current) => pinchZoom(start, last, current));
        pinch.current = null;
      }
      return;
    }
    const dx = point.x - point.x0;
    const dy = point.y - point.y0;
    if (isTap(dx, dy)) {
      // A tap on a video is the player's (play/pause), never a zoom.
      if (!zoomable) return;
      const now = event.timeStamp;
      if (isDoubleTap(lastTapAt.current, now)) {
        setScale(toggleZoom);
        lastTapAt.current = undefined;
      } else {
        lastTapAt.current = now;
      }
      return;
    }
    const outcome = dragOutcome(dx, dy, scale);
    if (outcome === 'next') go(1);
    else if (outcome === 'previous') go(-1);
    else if (outcome === 'close') onClose();
  };

  const onPointerCancel = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) pinch.current = null;
    setDrag({ dx: 0, dy: 0 });
  };

  const dragging = drag.dx !== 0 || drag.dy !== 0;
  const dragStyle = {
    transform: `translate(${drag.dx}px, ${drag.dy}px) scale(${scale})`,
    opacity: dragging ? Math.max(0.4, 1 - Math.abs(drag.dy) / 400) : 1,
    transitionDuration: dragging ? '0ms' : undefined,
  };
  const many = items.length > 1;

  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className="gk-media-viewer"
      style={{ ['--gk-media-viewer-transition' as string]: `${MEDIA_VIEWER_TRANSITION_MS}ms` }}
    >
      <Modal className="gk-media-viewer__modal">
        <Dialog {...rest} aria-label={label} className={cx('gk-media-viewer__dialog', className)}>
          <p className="gk-media-viewer__counter" aria-live="polite">
            {index + 1} / {items.length}
            {item?.alt ? <span className="gk-media-viewer__caption">{item.alt}</span> : null}
          </p>
          <button
            type="button"
            className="gk-media-viewer__button gk-media-viewer__close"
            aria-label={closeLabel}
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
          <div
            className="gk-media-viewer__stage"
            data-testid="media-viewer-stage"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerCancel}
          >
            {video ? (
              <div key={index} className="gk-media-viewer__video" style={dragStyle}>
                <VideoPlayer
                  src={video.video_url}
                  title={video.alt ?? videoLabel}
                  poster={video.image ? imageUrl(video.image, MEDIA_VIEWER_IMAGE_SIZE) : undefined}
                  texts={videoTexts}
                />
              </div>
            ) : (
              item && (
                <img
                  key={index}
                  className="gk-media-viewer__image"
                  src={imageUrl(item.image, MEDIA_VIEWER_IMAGE_SIZE)}
                  alt={item.alt ?? ''}
                  draggable={false}
                  data-scale={scale}
                  style={dragStyle}
                />
              )
            )}
          </div>
          {many && (
            <>
              <button
                type="button"
                className="gk-media-viewer__button gk-media-viewer__previous"
                aria-label={previousLabel}
                onClick={() => go(-1)}
              >
                <span aria-hidden="true">‹</span>
              </button>
              <button
                type="button"
                className="gk-media-viewer__button gk-media-viewer__next"
                aria-label={nextLabel}
                onClick={() => go(1)}
              >
                <span aria-hidden="true">›</span>
              </button>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
