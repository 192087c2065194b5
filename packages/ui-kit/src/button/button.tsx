import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from '../spinner/spinner';
import { buttonClassName, type ButtonLook } from './button-class';

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
