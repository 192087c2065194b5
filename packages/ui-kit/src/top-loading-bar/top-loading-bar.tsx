import '../tokens/tokens.css';
import './top-loading-bar.css';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { cx } from '../internal/class-names';
import { mergeStyle, type NativeProps } from '../internal/root-props';

/** Colour, height, and the timings of the navigation loading bar (docs/product.md, Constants). */
export const TOP_LOADING_BAR = {
  color: '#793DFC',
  height: 3,
  /** Loads shorter than this never show the bar. */
  throttle: 200,
  /** Time to crawl to 90 %. */
  duration: 2000,
  /** After finishing, the full bar stays this long before fading. */
  hideDelay: 500,
  /** Then it resets to empty after this long. */
  resetDelay: 400,
} as const;

export type TopLoadingBarPhase = 'idle' | 'running' | 'finishing' | 'hiding';

/** Native props, `className`, `style` and `ref` go to the bar's `<div role="progressbar">`. */
export interface TopLoadingBarProps extends NativeProps<'div', 'color'> {
  /** True while a navigation or request is under way. */
  loading: boolean;
  color?: string;
  /** Accessible name while visible. */
  label?: string;
}

/**
 * A thin progress bar along the top of the window while a navigation or
 * request is under way.
 *
 * **Usage.** Do drive `loading` from the router or the request state and keep one bar per app.
 * Don't use it for a wait inside one component (use a Spinner) or leave it running when a request
 * fails.
 */
export function TopLoadingBar({
  loading,
  color = TOP_LOADING_BAR.color,
  label = 'Loading page',
  className,
  style,
  ...rest
}: TopLoadingBarProps) {
  const [phase, setPhase] = useState<TopLoadingBarPhase>('idle');
  // Whether the bar became visible during the current load (loads under 200 ms never show it).
  const shown = useRef(false);

  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    const later = (ms: number, run: () => void) => timers.push(setTimeout(run, ms));
    if (loading) {
      later(TOP_LOADING_BAR.throttle, () => {
        shown.current = true;
        setPhase('running');
      });
    } else if (shown.current) {
      shown.current = false;
      later(0, () => setPhase('finishing'));
      later(TOP_LOADING_BAR.hideDelay, () => setPhase('hiding'));
      later(TOP_LOADING_BAR.hideDelay + TOP_LOADING_BAR.resetDelay, () => setPhase('idle'));
    }
    return () => timers.forEach(clearTimeout);
  }, [loading]);

  if (phase === 'idle') return null;
  const ownStyle = {
    '--gk-loading-bar-color': color,
    '--gk-loading-bar-height': `${TOP_LOADING_BAR.height}px`,
    '--gk-loading-bar-duration': `${TOP_LOADING_BAR.duration}ms`,
    '--gk-loading-bar-reset': `${TOP_LOADING_BAR.resetDelay}ms`,
  } as CSSProperties;
  return (
    <div
      {...rest}
      className={cx('gk-loading-bar', `gk-loading-bar--${phase}`, className)}
      style={mergeStyle(style, ownStyle)}
      role="progressbar"
      aria-label={label}
      aria-hidden={phase === 'hiding' || undefined}
      data-phase={phase}
    >
      <div className="gk-loading-bar__fill" />
    </div>
  );
}
