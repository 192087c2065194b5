import '../tokens/tokens.css';
import './button.css';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from '../spinner/spinner';

/** The spec's default button theme. */
export const DEFAULT_BUTTON_THEME = 'negative';

export type ButtonTheme = 'primary' | 'negative' | 'ghost' | 'danger' | 'light';
export type ButtonSize = 'sm' | 'md' | 'lg';
/** The side whose label edge lines up with the text around the button. */
export type ButtonFlush = 'start' | 'end';

/** What decides a button's look, for a `<button>` and for anything that must look like one. */
export interface ButtonLook {
  /** Visual theme; the spec's default button theme is `negative`. */
  theme?: ButtonTheme;
  /** Height and padding: `sm`, `md` (default) or `lg`. */
  size?: ButtonSize;
  /** Stretches the button to its container's width. */
  block?: boolean;
  /**
   * Puts the label, not the padding, on the text's edge: a `ghost` button on a line of its own
   * under a paragraph ("Cancel booking") reads as part of the column, its hover background out in
   * the margin. Only for themes without a visible resting box (`ghost`).
   */
  flush?: ButtonFlush;
}

/**
 * The Button's class names for a given look: for an element that must look like a Button but
 * cannot be one (a link that navigates stays an `<a>`; a `<label>` around a file input). Import
 * `@gallop/ui-kit/button/button.css` with it when no Button is on the page.
 */
export function buttonClassName({
  theme = DEFAULT_BUTTON_THEME,
  size = 'md',
  block = false,
  flush,
}: ButtonLook = {}): string {
  return [
    'gk-button',
    `gk-button--${theme}`,
    `gk-button--${size}`,
    block && 'gk-button--block',
    flush && `gk-button--flush-${flush}`,
  ]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {
  /** Shows a spinner, keeps the label for screen readers and blocks clicks. */
  loading?: boolean;
  /** The native button (React 19 passes `ref` as a prop). */
  ref?: Ref<HTMLButtonElement>;
  /** The label. */
  children: ReactNode;
}

/**
 * The button for every action: a native `<button>` in one of five themes and three sizes.
 *
 * **Usage.** Do give each view one `primary` button for its main action (Book now, Send request)
 * and use `negative` (the default) or `ghost` for the others; do set `loading` while the action
 * runs, which keeps the label for screen readers and blocks a second click. Don't use a button to
 * navigate (use a link), don't put two `primary` buttons side by side, and don't make a
 * destructive action anything but `danger`.
 */
export function Button({
  theme,
  size,
  loading = false,
  block,
  flush,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = [
    buttonClassName({ theme, size, block, flush }),
    loading && 'gk-button--loading',
    className,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <Spinner decorative size="1em" />}
      <span className="gk-button__label">{children}</span>
    </button>
  );
}
