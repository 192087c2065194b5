import '../tokens/tokens.css';
import './season-mark.css';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

/** Native props, `className`, `style` and `ref` go to the `<span>`. */
export interface SeasonMarkProps extends NativeProps<'span'> {
  /** Why the season is poor, in words: 'Hot: 34 °C highs', 'Wet: 180 mm of rain'. */
  reasons: readonly string[];
  /** What the mark says before its reasons. */
  label?: string | undefined;
}

/**
 * A date that falls in a poor season for riding, with why in words. The words carry the meaning
 * (never the colour alone); the icon is decoration, hidden from assistive technology. A `span`, so
 * it fits inside a label (a date choice) or a table cell. Nothing without a reason.
 *
 * **Usage.** Do put it beside a date that falls in a poor season for riding (the dates list, a date
 * choice), with reasons in numbers (Hot: 34 °C highs). Don't use it for a full or cancelled date,
 * and don't show the icon without the words.
 */
export function SeasonMark({
  reasons,
  label = 'Poor season',
  className,
  ...rest
}: SeasonMarkProps) {
  if (reasons.length === 0) return null;
  return (
    <span {...rest} className={cx('gk-season-mark', className)}>
      <span className="gk-season-mark__icon" aria-hidden="true">
        !
      </span>
      <span className="gk-season-mark__text">
        <span className="gk-season-mark__label">{label}:</span>{' '}
        {reasons.map((reason, index) => (
          <span key={reason} className="gk-season-mark__reason">
            {index > 0 ? ' · ' : ''}
            {reason}
          </span>
        ))}
      </span>
    </span>
  );
}
