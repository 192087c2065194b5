import '../tokens/tokens.css';
import './cookie-alert.css';
import { useEffect, useRef, type ReactNode } from 'react';
import { useObjectRef } from 'react-aria/useObjectRef';
import { Button } from '../button/button';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

/** Days the dismissal is kept (docs/product.md, Constants); the app stores it, e.g. in a cookie. */
export const COOKIE_ALERT_DAYS = 180;

/**
 * The custom property, set on the root element while the alert shows, with the room it takes at
 * the bottom of the window (its height, its gap and any `--gk-cookie-alert-offset`), in px.
 */
const COOKIE_ALERT_SPACE_PROPERTY = '--gk-cookie-alert-space';

/** Native props, `className`, `style` and `ref` go to the `<section>`; `label` names it. */
export interface CookieAlertProps extends NativeProps<'section'> {
  isOpen: boolean;
  /** Called by 'Ok, don't show again' and by Escape; store the dismissal for 180 days. */
  onDismiss: () => void;
  children?: ReactNode;
  buttonLabel?: string;
  /** Accessible name of the region. */
  label?: string;
}

/**
 * The cookie notice at the bottom of the window, a labelled region with one dismiss button.
 * Escape dismisses it too, from anywhere on the page, unless something else took the key (an
 * open dialog, a list). While it shows, the page keeps room for it at the bottom
 * (`scroll-padding-bottom` and the body's `padding-bottom`, from `--gk-cookie-alert-space`), so
 * it never hides the element that has focus (WCAG 2.4.11); `--gk-cookie-alert-offset` lifts it
 * above a bar fixed at the bottom of the page.
 *
 * **Usage.** Do render it early in the page, right after the skip link, so the keyboard reaches
 * it at once, show it until `onDismiss` and remember the dismissal for 180 days. Don't cover the
 * page's main actions with it or show it again on every page once dismissed.
 */
export function CookieAlert({
  isOpen,
  onDismiss,
  children = 'We use cookies to remember your currency and to understand how the site is used.',
  buttonLabel = "Ok, don't show again",
  label = 'Cookie notice',
  className,
  ref,
  ...rest
}: CookieAlertProps) {
  const sectionRef = useObjectRef(ref);
  useDismissOnEscape(isOpen, onDismiss);
  useReservedSpace(isOpen, sectionRef);
  if (!isOpen) return null;
  return (
    <section
      {...rest}
      ref={sectionRef}
      className={cx('gk-cookie-alert', className)}
      aria-label={label}
    >
      <p className="gk-cookie-alert__text">{children}</p>
      <Button theme="primary" size="sm" onClick={onDismiss}>
        {buttonLabel}
      </Button>
    </section>
  );
}

/** An open modal dialog owns Escape: it closes first, the notice stays. */
function modalIsOpen(): boolean {
  return document.querySelector('[aria-modal="true"], dialog[open]') !== null;
}

function useDismissOnEscape(isOpen: boolean, onDismiss: () => void) {
  const latest = useRef(onDismiss);
  useEffect(() => {
    latest.current = onDismiss;
  });
  useEffect(() => {
    if (!isOpen) return undefined;
    // On the window, after the page's own handlers: a widget that uses Escape (a list closing,
    // a field clearing) stops or prevents it, and the notice stays.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      if (modalIsOpen()) return;
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);
}

/** Publishes the room the alert takes at the bottom of the window while it shows. */
function useReservedSpace(isOpen: boolean, sectionRef: { current: HTMLElement | null }) {
  useEffect(() => {
    const section = sectionRef.current;
    if (!isOpen || !section) return undefined;
    const root = document.documentElement;
    const measure = () => {
      // From its top edge to the window's bottom: the height, the gap below and any offset.
      const space = Math.max(0, root.clientHeight - section.getBoundingClientRect().top);
      root.style.setProperty(COOKIE_ALERT_SPACE_PROPERTY, `${Math.ceil(space)}px`);
    };
    measure();
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(section);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(COOKIE_ALERT_SPACE_PROPERTY);
    };
  }, [isOpen, sectionRef]);
}
