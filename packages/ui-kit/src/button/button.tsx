import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonTheme = 'primary' | 'negative' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Visual theme; the spec's default button theme is `negative`. */
  theme?: ButtonTheme;
  size?: ButtonSize;
  /** Shows a spinner, keeps the label for screen readers and blocks clicks. */
  loading?: boolean;
  /** Stretches the button to its container's width. */
  block?: boolean;
  children: ReactNode;
}

export function Button({
  theme = 'negative',
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
      {loading && <span className="gk-spinner" aria-hidden="true" />}
      <span className="gk-button__label">{children}</span>
    </button>
  );
}
