// The Button's look: the stylesheet comes with ui-kit's Button, and a page may render this link
// without loading a Button (the header's 'Become a provider' is in every page's first load).
import '@gallop/ui-kit/button/button.css';
import { buttonClassName, type ButtonLook } from '@gallop/ui-kit';
import type { AnchorHTMLAttributes } from 'react';

/**
 * Class names that give a link the look of `@gallop/ui-kit`'s Button. A link that navigates must
 * stay an `<a>` (a `<button>` inside `<a>` is invalid HTML).
 */
export const buttonLinkClassName = (look: ButtonLook = {}): string => buttonClassName(look);

export interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement>, ButtonLook {
  href: string;
}

/** An `<a>` that looks like a ui-kit Button, for external pages and `tel:` / `mailto:` links. */
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
