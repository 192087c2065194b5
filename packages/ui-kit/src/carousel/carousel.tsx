import '../tokens/tokens.css';
import './carousel.css';
import { Children, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import {
  CAROUSEL_DEFAULTS,
  isHorizontalSwipe,
  resistedOffset,
  swipeTarget,
  type CarouselSettings,
} from './swipe';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

/** Native props, `className`, `style` and `ref` go to the `<section>`; `label` names it. */
export interface CarouselProps extends NativeProps<'section'> {
  /** Accessible name of the carousel, e.g. 'Photos of the tour'. */
  label: string;
  /** One child per slide. */
  children: ReactNode;
  settings?: Partial<CarouselSettings>;
  onIndexChange?: (index: number) => void;
  previousLabel?: string;
  nextLabel?: string;
}

interface Drag {
  x: number;
  y: number;
  at: number;
  dx: number;
  /** Decided once the drag passes the threshold: swipe (true) or page scroll (false). */
  swiping?: boolean;
}

/**
 * A swipeable slider (WAI-ARIA carousel: region with slide groups and Previous/Next buttons).
 * Swiper-like defaults: speed 300 ms, threshold 5 px, resistance 0.85, touch angle 45°, long
 * swipes after 300 ms need half a slide.
 *
 * **Usage.** Do give it a `label` that names what it holds (Photos of the tour, Similar rides) and
 * fill it with slides of one kind and size. Don't put what people decide on (price, dates, rider
 * level) only on a later slide, and don't use it for a tour's full photo set (use TileGallery,
 * which opens the MediaViewer).
 */
export function Carousel({
  label,
  children,
  settings: custom,
  onIndexChange,
  previousLabel = 'Previous',
  nextLabel = 'Next',
  className,
  ...rest
}: CarouselProps) {
  const settings = { ...CAROUSEL_DEFAULTS, ...custom };
  const slides = Children.toArray(children);
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [offset, setOffset] = useState(0);
  const drag = useRef<Drag | null>(null);
  const viewport = useRef<HTMLDivElement>(null);

  const go = (next: number) => {
    const bounded = Math.min(count - 1, Math.max(0, next));
    if (bounded !== index) onIndexChange?.(bounded);
    setIndex(bounded);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: event.clientX, y: event.clientY, at: event.timeStamp, dx: 0 };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    if (current.swiping === undefined && Math.hypot(dx, dy) >= settings.threshold) {
      current.swiping = isHorizontalSwipe(dx, dy, settings.touchAngle);
      if (current.swiping) event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    if (!current.swiping) return;
    current.dx = dx;
    setOffset(resistedOffset(dx, index, count, settings.resistanceRatio));
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    drag.current = null;
    setOffset(0);
    if (!current?.swiping) return;
    go(
      swipeTarget(
        {
          dx: current.dx,
          elapsedMs: event.timeStamp - current.at,
          width: viewport.current?.clientWidth ?? 0,
          index,
          count,
        },
        settings,
      ),
    );
  };

  return (
    <section
      {...rest}
      className={cx('gk-carousel', className)}
      aria-roledescription="carousel"
      aria-label={label}
    >
      <div
        ref={viewport}
        className="gk-carousel__viewport"
        data-testid="carousel-viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null;
          setOffset(0);
        }}
      >
        <div
          className="gk-carousel__track"
          aria-live="polite"
          style={{
            transform: `translateX(calc(${-index * 100}% + ${offset}px))`,
            transitionDuration: offset === 0 ? `${settings.speed}ms` : '0ms',
          }}
        >
          {slides.map((slide, slideIndex) => (
            <div
              key={slideIndex}
              className="gk-carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${slideIndex + 1} / ${count}`}
              aria-hidden={slideIndex !== index || undefined}
              inert={slideIndex !== index}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <div className="gk-carousel__controls">
          <button
            type="button"
            className="gk-carousel__button"
            aria-label={previousLabel}
            disabled={index === 0}
            onClick={() => go(index - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <span className="gk-carousel__counter">
            {index + 1} / {count}
          </span>
          <button
            type="button"
            className="gk-carousel__button"
            aria-label={nextLabel}
            disabled={index === count - 1}
            onClick={() => go(index + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
