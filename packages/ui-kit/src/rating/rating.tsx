import '../tokens/tokens.css';
import './rating.css';
import { useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { cx } from '../internal/class-names';

/** The five levels, 1 to 5 (spec section 9). */
export const RATING_LABELS = ['Terrible', 'Poor', 'Fair', 'Good', 'Excellent'] as const;
/** Default value of the read-only indicator (spec section 9). */
export const RATING_INDICATOR_DEFAULT = 4;

const STAR = 'M12 2.8l2.8 5.7 6.3.9-4.5 4.4 1 6.3L12 17.1l-5.6 3 1-6.3L2.9 9.4l6.3-.9z';

function Star({ fill = 1 }: { fill?: number }) {
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

export interface RatingProps {
  /** Visible label of the group. */
  label: string;
  value?: number | null;
  defaultValue?: number | null;
  onChange?: (value: number) => void;
  /** Names of levels 1 to 5. */
  labels?: readonly string[];
  isDisabled?: boolean;
  isRequired?: boolean;
  className?: string;
}

/** Rating input: a radio group of five stars (arrow keys move, each star is named). */
export function Rating({
  label,
  value,
  defaultValue,
  onChange,
  labels = RATING_LABELS,
  isDisabled,
  isRequired,
  className,
}: RatingProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? null);
  const current = value === undefined ? uncontrolled : value;
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? current;
  return (
    <RadioGroup
      className={cx('gk-rating', className)}
      orientation="horizontal"
      value={current === null ? null : String(current)}
      onChange={(next) => {
        const level = Number(next);
        setUncontrolled(level);
        onChange?.(level);
      }}
      isDisabled={isDisabled}
      isRequired={isRequired}
    >
      <Label className="gk-rating__label">{label}</Label>
      <div className="gk-rating__row">
        <div className="gk-rating__stars" onMouseLeave={() => setHovered(null)}>
          {labels.map((name, index) => (
            <Radio
              key={name}
              value={String(index + 1)}
              aria-label={name}
              className={cx(
                'gk-rating__star',
                shown !== null && index < shown && 'gk-rating__star--on',
              )}
              onHoverStart={() => setHovered(index + 1)}
            >
              <Star />
            </Radio>
          ))}
        </div>
        <span className="gk-rating__text" aria-hidden="true">
          {shown ? labels[shown - 1] : ''}
        </span>
      </div>
    </RadioGroup>
  );
}

export interface RatingIndicatorProps {
  /** 0 to 5, fractions allowed (4.6). Default 4. */
  value?: number;
  labels?: readonly string[];
  /** Shows the number after the stars. */
  showValue?: boolean;
  /** Builds the accessible name. */
  ariaLabel?: (value: number, label: string | undefined) => string;
  className?: string;
}

/** Read-only stars, e.g. a tour's average rating. */
export function RatingIndicator({
  value = RATING_INDICATOR_DEFAULT,
  labels = RATING_LABELS,
  showValue = false,
  ariaLabel = (v, name) => `Rated ${v} out of 5${name ? `: ${name}` : ''}`,
  className,
}: RatingIndicatorProps) {
  const clamped = Math.max(0, Math.min(5, value));
  const name = labels[Math.round(clamped) - 1];
  return (
    <span
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
