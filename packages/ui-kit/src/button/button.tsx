import '../tokens/tokens.css';
import './button.css';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from '../spinner/spinner';

/** The spec's default button theme. */
export const DEFAULT_BUTTON_THEME = 'negative';

export type ButtonTheme = 'primary' | 'negative' | 'ghost' | 'danger' | 'light';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Visual theme; the spec's default button theme is `negative`. */
  theme?: ButtonTheme;
  /** Height and padding: `sm`, `md` (default) or `lg`. */
  size?: ButtonSize;
  /** Shows a spinner, keeps the label for screen readers and blocks clicks. */
  loading?: boolean;
  /** Stretches the button to its container's width. */
  block?: boolean;
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
  theme = DEFAULT_BUTTON_THEME,
  size = 'md',
  loading = false,
  block = false,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = [
    'gk-button',
    `gk-button--${theme}`,
    `gk-button--${size}`,
    block && 'gk-button--block',
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
