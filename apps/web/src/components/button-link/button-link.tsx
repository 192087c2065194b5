import { buttonClassName, type ButtonLook } from '@gallop/ui-kit';
import type { AnchorHTMLAttributes } from 'react';

export interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement>, ButtonLook {
  href: string;
}

/**
 * An `<a>` that looks like a ui-kit Button, for external pages and `tel:` / `mailto:` links (a link
 * that navigates stays an `<a>`: a `<button>` inside `<a>` is invalid HTML).
 */
export function ButtonLink({
  theme,
  size,
  block,
  flush,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  const classes = [buttonClassName({ theme, size, block, flush }), className]
    .filter(Boolean)
    .join(' ');
  return (
    <a {...rest} className={classes}>
      <span className="gk-button__label">{children}</span>
    </a>
  );
}
