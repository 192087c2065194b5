import '../tokens/tokens.css';
import './scroll-to-top.css';
import { useEffect, useState } from 'react';
import { cx } from '../internal/class-names';
import { composeHandlers, type NativeProps } from '../internal/root-props';
import { animateScroll } from '../internal/scroll-animation';
import { throttle } from '../internal/throttle';

export { SCROLL_ANIMATION, scrollAnimationDuration } from '../internal/scroll-animation';
import { ChevronDownIcon, ChevronUpIcon } from '../internal/icons';

/**
 * The button appears past this scroll offset, in px; the scroll handler is throttled
 * (docs/product.md, Constants).
 */
export const SCROLL_TO_TOP_OFFSET = 150;
export const SCROLL_TO_TOP_THROTTLE = 300;

/** Native props, `className`, `style` and `ref` go to the `<button>`. */
export interface ScrollToTopProps extends NativeProps<'button'> {
  topLabel?: string;
  /** Shown at the top after a jump: returns to where the reader was. */
  backLabel?: string;
}

/**
 * 'Back to top' past 150 px. Pressing it remembers the position; at the top the button turns into
 * 'Back to where I was', which returns there.
 *
 * It sits in the bottom-right corner, 16 px from the edges. A page with a fixed bar along the
 * bottom (a booking bar) sets the CSS custom property `--gk-scroll-to-top-offset` to the bar's
 * height on `:root` (or any ancestor of the button), and the button sits that much higher, above
 * the bar; the default is 0.
 *
 * **Usage.** Do render one on long pages people scroll far down (search results, a tour's reviews),
 * and do set `--gk-scroll-to-top-offset` where a fixed bottom bar is shown. Don't render it on
 * short pages or twice on one page, and don't put anything else in the bottom-right corner it
 * occupies.
 */
export function ScrollToTop({
  topLabel = 'Back to top',
  backLabel = 'Back to where I was',
  className,
  onClick,
  ...rest
}: ScrollToTopProps) {
  const [pastOffset, setPastOffset] = useState(false);
  const [returnTo, setReturnTo] = useState<number | null>(null);

  useEffect(() => {
    const update = throttle(
      () => setPastOffset(window.scrollY > SCROLL_TO_TOP_OFFSET),
      SCROLL_TO_TOP_THROTTLE,
    );
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      update.cancel();
    };
  }, []);

  // Past the offset: jump to the top. At the top after a jump: offer the way back.
  if (!pastOffset && returnTo === null) return null;
  const back = !pastOffset && returnTo !== null;
  return (
    <button
      {...rest}
      type="button"
      className={cx('gk-scroll-top', back && 'gk-scroll-top--back', className)}
      onClick={composeHandlers(onClick, () => {
        // The site's scroll animation: its length follows the distance (250 ms to 3 s).
        if (back) {
          animateScroll(returnTo);
          setReturnTo(null);
        } else {
          setReturnTo(window.scrollY);
          animateScroll(0);
        }
      })}
    >
      {back ? <ChevronDownIcon /> : <ChevronUpIcon />}
      <span className="gk-scroll-top__label">{back ? backLabel : topLabel}</span>
    </button>
  );
}
