import '../tokens/tokens.css';
import '../internal/visually-hidden.css';
import './spinner.css';
import type { CSSProperties } from 'react';

/** Default spinner size in px (docs/product.md, Constants). */
export const SPINNER_SIZE = 22;

export interface SpinnerProps {
  /** Diameter in px, or any CSS length (`1em` follows the text around it). */
  size?: number | string;
  /** Announced to screen readers; spec text 'Loading...'. */
  label?: string;
  /** Purely visual (e.g. inside a busy button that already says what it is doing). */
  decorative?: boolean;
  className?: string;
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
}: SpinnerProps) {
  const style = {
    '--gk-spinner-size': typeof size === 'number' ? `${size}px` : size,
  } as CSSProperties;
  const circle = (
    <span
      className={['gk-spinner', className].filter(Boolean).join(' ')}
      style={style}
      aria-hidden="true"
    />
  );
  if (decorative) return circle;
  return (
    <span role="status" className="gk-spinner-status">
      {circle}
      <span className="gk-visually-hidden">{label}</span>
    </span>
  );
}
