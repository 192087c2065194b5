import '../tokens/tokens.css';
import './truncate-text.css';
import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

/**
 * Collapsed height in px, the extra height tolerated before truncating, and the transition
 * (docs/product.md, Constants).
 */
export const TRUNCATE_TEXT_HEIGHT = 120;
export const TRUNCATE_TEXT_THRESHOLD = 24;
export const TRUNCATE_TEXT_DURATION = 300;

/** Native props, `className`, `style` and `ref` go to the root `<div>`. */
export interface TruncateTextProps extends NativeProps<'div'> {
  children: ReactNode;
  /** truncate.show_button */
  showLabel?: string;
  /** truncate.hide_button */
  hideLabel?: string;
  height?: number;
  threshold?: number;
  duration?: number;
  defaultExpanded?: boolean;
}

/**
 * Shows the first 120 px of long text with 'Read more' / 'Hide'. Text at most 24 px taller than
 * that is shown whole: a button to reveal one more line is not worth it.
 *
 * **Usage.** Do use it for long prose people may skip (a tour's full description, an organizer's
 * story, a long review). Don't truncate prices, the cancellation policy or anything else that
 * changes the decision to book, and don't put it inside a Collapse.
 */
export function TruncateText({
  children,
  showLabel = 'Read more',
  hideLabel = 'Hide',
  height = TRUNCATE_TEXT_HEIGHT,
  threshold = TRUNCATE_TEXT_THRESHOLD,
  duration = TRUNCATE_TEXT_DURATION,
  defaultExpanded = false,
  className,
  ...rest
}: TruncateTextProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const [fullHeight, setFullHeight] = useState(0);
  const [expanded, setExpanded] = useState(defaultExpanded);
  const id = useId();

  useEffect(() => {
    const element = contentRef.current;
    if (!element) return undefined;
    const measure = () => setFullHeight(element.scrollHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [children]);

  const truncatable = fullHeight > height + threshold;
  const collapsed = truncatable && !expanded;
  const style = {
    '--gk-truncate-duration': `${duration}ms`,
    maxHeight: truncatable ? `${expanded ? fullHeight : height}px` : undefined,
  } as CSSProperties;

  return (
    <div {...rest} className={cx('gk-truncate', collapsed && 'gk-truncate--collapsed', className)}>
      <div id={id} ref={contentRef} className="gk-truncate__content" style={style}>
        {children}
      </div>
      {truncatable && (
        <button
          type="button"
          className="gk-truncate__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? hideLabel : showLabel}
        </button>
      )}
    </div>
  );
}
