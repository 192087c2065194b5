import '../tokens/tokens.css';
import './horse-condition.css';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';
import { RatingIndicator } from '../rating/rating-indicator';

/** The horse-condition scale, 1 to 5: how the horses looked and were kept. */
export const HORSE_CONDITION_LABELS = [
  'Poorly kept',
  'Tired',
  'Sound',
  'Well kept',
  'Thriving',
] as const;

/** Native props, `className`, `style` and `ref` go to the `<p>`. */
export interface HorseConditionScoreProps extends NativeProps<'p'> {
  /** The average horse-condition rating, 1 to 5 (one decimal); null: nobody rated it. */
  rating: number | null;
  /** How many riders rated the horses. */
  count: number;
}

/** "from 1 rider", "from 12 riders". */
export function horseConditionCountText(count: number): string {
  return `from ${count} ${count === 1 ? 'rider' : 'riders'}`;
}

/**
 * The horses' condition as riders rated it in their reviews: the average, its stars and how many
 * rated it (a tour page, an organizer page). Nothing while nobody has rated it.
 *
 * **Usage.** Do show it with the reviews on a tour or an organizer page, so travellers see how
 * riders found the horses. Don't fold it into the tour's overall rating, and don't render a
 * placeholder of your own when nobody has rated the horses yet: the score shows nothing then.
 */
export function HorseConditionScore({
  rating,
  count,
  className,
  ...rest
}: HorseConditionScoreProps) {
  if (rating === null || count === 0) return null;
  const value = rating.toFixed(1);
  return (
    <p {...rest} className={cx('gk-horse-condition', className)}>
      <span className="gk-horse-condition__label">Horse condition</span>
      <span className="gk-horse-condition__score">{value}</span>
      <RatingIndicator
        value={rating}
        labels={HORSE_CONDITION_LABELS}
        ariaLabel={(_, name) => `Horse condition ${value} out of 5${name ? `: ${name}` : ''}`}
      />
      <span className="gk-horse-condition__count">{horseConditionCountText(count)}</span>
    </p>
  );
}
