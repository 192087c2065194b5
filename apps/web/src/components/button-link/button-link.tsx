// The Button's look: the stylesheet comes with ui-kit's Button, and a page may render this link
// without loading a Button (the header's 'Become a provider' is in every page's first load).
import '@gallop/ui-kit/button/button.css';
import type { ButtonSize, ButtonTheme } from '@gallop/ui-kit';
import type { AnchorHTMLAttributes } from 'react';

interface ButtonLookOptions {
  theme?: ButtonTheme;
  size?: ButtonSize;
  block?: boolean;
}

/**
 * Class names that give a link the look of `@gallop/ui-kit`'s Button. A link that navigates must
 * stay an `<a>` (a `<button>` inside `<a>` is invalid HTML); ui-kit has no link variant yet.
 */
export function buttonLinkClassName({
  theme = 'negative',
  size = 'md',
  block = false,
}: ButtonLookOptions = {}): string {
  return ['gk-button', `gk-button--${theme}`, `gk-button--${size}`, block && 'gk-button--block']
    .filter(Boolean)
    .join(' ');
}

export interface ButtonLinkProps
  extends AnchorHTMLAttributes<HTMLAnchorElement>, ButtonLookOptions {
  href: string;
}

/** An `<a>` that looks like a ui-kit Button, for external pages and `tel:` / `mailto:` links. */
export function ButtonLink({ theme, size, block, className, children, ...rest }: ButtonLinkProps) {
  const classes = [buttonLinkClassName({ theme, size, block }), className]
    .filter(Boolean)
    .join(' ');
  return (
    <a {...rest} className={classes}>
      <span className="gk-button__label">{children}</span>
    </a>
  );
}
