import '../tokens/tokens.css';
import './rider-level.css';
import { LEVEL_DEFINITIONS, RIDER_LEVELS, levelRank, type RiderLevel } from '@gallop/rider-fit';
import type { CSSProperties, Ref } from 'react';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

export interface RiderLevelTexts {
  walk: string;
  trot: string;
  canter: string;
  gallop: string;
  saddleHours: string;
  /** The badge's accessible name, e.g. "Rider level: Intermediate, 3 of 5". */
  name: (label: string, position: number, total: number) => string;
}

/** Names of the rows of a level's definition (in the order shown) and the badge's name. */
export const RIDER_LEVEL_TEXTS: Readonly<RiderLevelTexts> = {
  walk: 'Walk',
  trot: 'Trot',
  canter: 'Canter',
  gallop: 'Gallop',
  saddleHours: 'In the saddle',
  name: (label, position, total) => `Rider level: ${label}, ${position} of ${total}`,
};

export type RiderLevelSize = 'sm' | 'md';

/**
 * Native props, `className`, `style` and `ref` go to the outer element: the badge's `<span>`, or
 * the `<div>` around it with `showDefinition`.
 */
export interface RiderLevelBadgeProps extends Omit<NativeProps<'span'>, 'ref'> {
  ref?: Ref<HTMLElement>;
  level: RiderLevel;
  /** Adds the level's summary and what the rider does at each pace (LEVEL_DEFINITIONS). */
  showDefinition?: boolean;
  /** `sm` for tour cards and lists, `md` (default) elsewhere. */
  size?: RiderLevelSize;
  texts?: Partial<RiderLevelTexts>;
}

const DEFINITION_ROWS = ['walk', 'trot', 'canter', 'gallop', 'saddleHours'] as const;

/** The five steps, filled up to the level: the same picture on cards and the tour page. */
function LevelScale({ rank }: { rank: number }) {
  return (
    <span className="gk-rider-level__scale" aria-hidden="true">
      {RIDER_LEVELS.map((step, index) => (
        <span
          key={step}
          className={cx('gk-rider-level__step', index <= rank && 'gk-rider-level__step--on')}
          style={{ '--gk-rider-level-step': index } as CSSProperties}
        />
      ))}
    </span>
  );
}

/**
 * A rider level as a badge: its name and a five-step scale, optionally with its definition.
 *
 * **Usage.** Do use it wherever a tour's or a rider's level appears: `sm` on cards and in lists,
 * `md` with `showDefinition` on the tour page. Don't describe the level in your own words or
 * colours beside it, and don't use it as the verdict for this traveller (FitIndicator says whether
 * the ride suits them).
 */
export function RiderLevelBadge({
  level,
  showDefinition = false,
  size = 'md',
  texts: custom,
  className,
  ref,
  ...rest
}: RiderLevelBadgeProps) {
  const texts = { ...RIDER_LEVEL_TEXTS, ...custom };
  const definition = LEVEL_DEFINITIONS[level];
  const rank = levelRank(level);
  const badge = (
    <span
      {...(showDefinition ? {} : rest)}
      ref={showDefinition ? undefined : (ref as Ref<HTMLSpanElement>)}
      className={cx('gk-rider-level', `gk-rider-level--${size}`, !showDefinition && className)}
      role="img"
      aria-label={texts.name(definition.label, rank + 1, RIDER_LEVELS.length)}
      data-level={level}
    >
      <LevelScale rank={rank} />
      <span className="gk-rider-level__label">{definition.label}</span>
    </span>
  );
  if (!showDefinition) return badge;
  return (
    <div
      {...rest}
      ref={ref as Ref<HTMLDivElement>}
      className={cx('gk-rider-level-definition', className)}
    >
      {badge}
      <p className="gk-rider-level-definition__summary">{definition.summary}</p>
      <dl className="gk-rider-level-definition__paces">
        {DEFINITION_ROWS.map((row) => (
          <div key={row} className="gk-rider-level-definition__row">
            <dt>{texts[row]}</dt>
            <dd>{definition[row]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Native props, `className`, `style` and `ref` go to the `<ol>`; `label` names it. */
export interface RiderLevelScaleProps extends NativeProps<'ol'> {
  /** Marks one level, e.g. the level a tour asks for, with `highlightLabel`. */
  highlight?: RiderLevel | null;
  /** Default 'This ride'. */
  highlightLabel?: string;
  /** The list's accessible name. Default 'What the levels mean'. */
  label?: string;
  texts?: Partial<RiderLevelTexts>;
}

/**
 * All five levels with their definitions, lowest first: the tour page's "What the levels mean".
 *
 * **Usage.** Do show it on the tour page as "What the levels mean", with `highlight` on the level
 * the tour asks for. Don't show only some of the levels, and don't use it to choose a level (use
 * RiderSelfAssessment).
 */
export function RiderLevelScale({
  highlight = null,
  highlightLabel = 'This ride',
  label = 'What the levels mean',
  texts,
  className,
  ...rest
}: RiderLevelScaleProps) {
  return (
    <ol {...rest} className={cx('gk-rider-level-scale', className)} aria-label={label}>
      {RIDER_LEVELS.map((level) => {
        const current = level === highlight;
        return (
          <li
            key={level}
            className={cx(
              'gk-rider-level-scale__item',
              current && 'gk-rider-level-scale__item--current',
            )}
            aria-current={current || undefined}
          >
            {current && <span className="gk-rider-level-scale__tag">{highlightLabel}</span>}
            <RiderLevelBadge level={level} showDefinition texts={texts} />
          </li>
        );
      })}
    </ol>
  );
}
