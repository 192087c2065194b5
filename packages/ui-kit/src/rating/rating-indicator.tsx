// Apart from the rating input (./rating.tsx): the read-only stars of tour cards need none of
// react-aria, and a module is bundled whole, so sharing one file put the radio group (and
// react-aria's focus and press handling, ~20 kB gzip) into every page that shows a card.
import '../tokens/tokens.css';
import './rating.css';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

/** The five levels, 1 to 5 (docs/product.md, Constants). */
export const RATING_LABELS = ['Terrible', 'Poor', 'Fair', 'Good', 'Excellent'] as const;
/** Default value of the read-only indicator (docs/product.md, Constants). */
export const RATING_INDICATOR_DEFAULT = 4;

const STAR = 'M12 2.8l2.8 5.7 6.3.9-4.5 4.4 1 6.3L12 17.1l-5.6 3 1-6.3L2.9 9.4l6.3-.9z';

/** One star, filled by `fill` (0 to 1). */
export function Star({ fill = 1 }: { fill?: number }) {
  return (
    <span className="gk-star" aria-hidden="true">
      <svg viewBox="0 0 24 24" className="gk-star__empty">
        <path d={STAR} />
      </svg>
      <span className="gk-star__fill" style={{ width: `${Math.max(0, Math.min(1, fill)) * 100}%` }}>
        <svg viewBox="0 0 24 24">
          <path d={STAR} />
        </svg>
      </span>
    </span>
  );
}

/** Native props, `className`, `style` and `ref` go to the `<span role="img">`. */
export interface RatingIndicatorProps extends NativeProps<'span'> {
  /** 0 to 5, fractions allowed (4.6). Default 4. */
  value?: number;
  labels?: readonly string[];
  /** Shows the number after the stars. */
  showValue?: boolean;
  /** Builds the accessible name. */
  ariaLabel?: (value: number, label: string | undefined) => string;
}

/**
 * Read-only stars, e.g. a tour's average rating.
 *
 * **Usage.** Do show a tour's or an organizer's average with `showValue` and the number of reviews
 * beside it. Don't use it for input (use Rating), and don't show it for something nobody has
 * reviewed yet: empty stars read as a poor rating.
 */
export function RatingIndicator({
  value = RATING_INDICATOR_DEFAULT,
  labels = RATING_LABELS,
  showValue = false,
  ariaLabel = (v, name) => `Rated ${v} out of 5${name ? `: ${name}` : ''}`,
  className,
  ...rest
}: RatingIndicatorProps) {
  const clamped = Math.max(0, Math.min(5, value));
  const name = labels[Math.round(clamped) - 1];
  return (
    <span
      {...rest}
      className={cx('gk-rating-indicator', className)}
      role="img"
      aria-label={ariaLabel(clamped, name)}
    >
      {labels.map((level, index) => (
        <Star key={level} fill={clamped - index} />
      ))}
      {showValue && (
        <span className="gk-rating-indicator__value" aria-hidden="true">
          {clamped.toFixed(1)}
        </span>
      )}
    </span>
  );
}
