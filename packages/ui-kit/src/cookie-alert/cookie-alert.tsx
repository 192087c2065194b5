import '../tokens/tokens.css';
import './cookie-alert.css';
import type { ReactNode } from 'react';
import { Button } from '../button/button';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

/** Days the dismissal is kept (docs/product.md, Constants); the app stores it, e.g. in a cookie. */
export const COOKIE_ALERT_DAYS = 180;

/** Native props, `className`, `style` and `ref` go to the `<section>`; `label` names it. */
export interface CookieAlertProps extends NativeProps<'section'> {
  isOpen: boolean;
  /** Called by 'Ok, don't show again'; store the dismissal for 180 days. */
  onDismiss: () => void;
  children?: ReactNode;
  buttonLabel?: string;
  /** Accessible name of the region. */
  label?: string;
}

/**
 * The cookie notice at the bottom of the page, a labelled region with one
 * dismiss button.
 *
 * **Usage.** Do show it until `onDismiss` and remember the dismissal for 180 days. Don't cover
 * the page's main actions with it or show it again on every page once dismissed.
 */
export function CookieAlert({
  isOpen,
  onDismiss,
  children = 'We use cookies to remember your currency and to understand how the site is used.',
  buttonLabel = "Ok, don't show again",
  label = 'Cookie notice',
  className,
  ...rest
}: CookieAlertProps) {
  if (!isOpen) return null;
  return (
    <section {...rest} className={cx('gk-cookie-alert', className)} aria-label={label}>
      <p className="gk-cookie-alert__text">{children}</p>
      <Button theme="primary" size="sm" onClick={onDismiss}>
        {buttonLabel}
      </Button>
    </section>
  );
}
