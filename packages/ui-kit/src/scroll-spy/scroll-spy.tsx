import '../tokens/tokens.css';
import './scroll-spy.css';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';
import { animateScroll } from '../internal/scroll-animation';
import { throttle } from '../internal/throttle';

export { animateScroll } from '../internal/scroll-animation';

/**
 * Scroll watching throttle, default scroll duration and its maximum, in ms (docs/product.md,
 * Constants).
 */
export const SCROLL_SPY_THROTTLE = 500;
export const SCROLL_SPY_DURATION = 400;
export const SCROLL_SPY_MAX_DURATION = 500;

export interface ScrollSpyItem {
  name: string;
  /** Id of the section element, without '#'. */
  anchor: string;
  subItems?: readonly ScrollSpyItem[];
}

/** Native props, `className`, `style` and `ref` go to the `<nav>`. */
export interface ScrollSpyProps extends NativeProps<'nav'> {
  items: readonly ScrollSpyItem[];
  /** Accessible name of the navigation. */
  label?: string;
  /** Space kept above a section when scrolled to (a sticky header), in px. */
  offset?: number;
  /** Scroll animation length; capped at 500 ms. */
  duration?: number;
  onActiveChange?: (anchor: string) => void;
}

function flatten(items: readonly ScrollSpyItem[]): ScrollSpyItem[] {
  return items.flatMap((item) => [item, ...flatten(item.subItems ?? [])]);
}

/** The last section whose top has passed `offset` (the first one before any has). */
export function activeAnchor(items: readonly ScrollSpyItem[], offset: number): string | undefined {
  let active: string | undefined;
  for (const item of flatten(items)) {
    const element = document.getElementById(item.anchor);
    if (!element) continue;
    active ??= item.anchor;
    if (element.getBoundingClientRect().top - offset <= 1) active = item.anchor;
  }
  return active;
}

/**
 * In-page navigation that highlights the section in view (`aria-current="location"`).
 *
 * **Usage.** Do use it on long pages with named sections (a tour page: Overview, Programme, Horses,
 * Dates, Reviews) and pass the sticky header's height as `offset`. Don't use it for fewer than
 * three sections or for links to other pages (use Tabs or plain links).
 */
export function ScrollSpy({
  items,
  label = 'On this page',
  offset = 80,
  duration = SCROLL_SPY_DURATION,
  onActiveChange,
  className,
  ...rest
}: ScrollSpyProps) {
  const [active, setActiveState] = useState<string | undefined>();
  const activeRef = useRef<string | undefined>(undefined);
  const setActive = useCallback(
    (next: string | undefined) => {
      if (next === activeRef.current) return;
      activeRef.current = next;
      setActiveState(next);
      if (next) onActiveChange?.(next);
    },
    [onActiveChange],
  );

  useEffect(() => {
    const update = throttle(() => setActive(activeAnchor(items, offset)), SCROLL_SPY_THROTTLE);
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      update.cancel();
    };
  }, [items, offset, setActive]);

  const go = (event: MouseEvent<HTMLAnchorElement>, anchor: string) => {
    const target = document.getElementById(anchor);
    if (!target) return;
    event.preventDefault();
    const top = target.getBoundingClientRect().top + window.scrollY - offset;
    animateScroll(top, Math.min(duration, SCROLL_SPY_MAX_DURATION));
    // Keyboard and screen-reader users continue reading from the section.
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
    setActive(anchor);
  };

  const renderList = (list: readonly ScrollSpyItem[], nested: boolean) => (
    <ul className={nested ? 'gk-scroll-spy__sublist' : 'gk-scroll-spy__list'}>
      {list.map((item) => (
        <li key={item.anchor}>
          <a
            href={`#${item.anchor}`}
            className="gk-scroll-spy__link"
            aria-current={active === item.anchor ? 'location' : undefined}
            onClick={(event) => go(event, item.anchor)}
          >
            {item.name}
          </a>
          {item.subItems && item.subItems.length > 0 && renderList(item.subItems, true)}
        </li>
      ))}
    </ul>
  );

  return (
    <nav {...rest} className={cx('gk-scroll-spy', className)} aria-label={label}>
      {renderList(items, false)}
    </nav>
  );
}
