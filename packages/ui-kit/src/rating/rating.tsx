import '../tokens/tokens.css';
import './rating.css';
import { useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { cx } from '../internal/class-names';
import type { AriaNativeProps } from '../internal/root-props';
import { RATING_LABELS, Star } from './rating-indicator';

/** Native props, `className`, `style` and `ref` go to the radio group's `<div>`. */
export interface RatingProps extends AriaNativeProps<'onChange'> {
  /** Visible label of the group. */
  label: string;
  value?: number | null;
  defaultValue?: number | null;
  onChange?: (value: number) => void;
  /** Names of levels 1 to 5. */
  labels?: readonly string[];
  isDisabled?: boolean;
  isRequired?: boolean;
}

/**
 * Rating input: a radio group of five stars (arrow keys move, each star is named).
 *
 * **Usage.** Do use it when riders rate a ride after it (the tour, the horses, the guides), one
 * Rating with a visible `label` per aspect. Don't use it to show an average (use RatingIndicator),
 * and don't preselect stars on a new review: an untouched rating stays empty.
 */
export function Rating({
  label,
  value,
  defaultValue,
  onChange,
  labels = RATING_LABELS,
  isDisabled,
  isRequired,
  className,
  ...rest
}: RatingProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? null);
  const current = value === undefined ? uncontrolled : value;
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? current;
  return (
    <RadioGroup
      {...rest}
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
              <Star fill={shown !== null && index < shown ? 1 : 0} />
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
