import '../tokens/tokens.css';
import '../internal/visually-hidden.css';
import './spinner.css';
import type { CSSProperties } from 'react';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

/** Default spinner size in px (docs/product.md, Constants). */
export const SPINNER_SIZE = 22;

/** Native props, `className`, `style` and `ref` go to the outer `<span>`: the status, or the circle when decorative. */
export interface SpinnerProps extends NativeProps<'span'> {
  /** Diameter in px, or any CSS length (`1em` follows the text around it). */
  size?: number | string;
  /** Announced to screen readers; spec text 'Loading...'. */
  label?: string;
  /** Purely visual (e.g. inside a busy button that already says what it is doing). */
  decorative?: boolean;
}

/**
 * A 22 px loading indicator with a screen-reader label ('Loading...').
 *
 * **Usage.** Do show it where the content will appear, and mark it `decorative` inside an
 * element that already says it is busy (a `loading` Button). Don't show several spinners for one
 * wait, and don't use it for a whole page navigation (TopLoadingBar).
 */
export function Spinner({
  size = SPINNER_SIZE,
  label = 'Loading...',
  decorative = false,
  className,
  style,
  ...rest
}: SpinnerProps) {
  const sizeStyle = {
    '--gk-spinner-size': typeof size === 'number' ? `${size}px` : size,
  } as CSSProperties;
  if (decorative)
    return (
      <span
        {...rest}
        className={cx('gk-spinner', className)}
        style={{ ...style, ...sizeStyle }}
        aria-hidden="true"
      />
    );
  const circle = <span className="gk-spinner" style={sizeStyle} aria-hidden="true" />;
  return (
    <span {...rest} role="status" className={cx('gk-spinner-status', className)} style={style}>
      {circle}
      <span className="gk-visually-hidden">{label}</span>
    </span>
  );
}
