import '../tokens/tokens.css';
import './rider-level.css';
import { LEVEL_DEFINITIONS, RIDER_LEVELS, levelRank, type RiderLevel } from '@gallop/rider-fit';
import type { CSSProperties } from 'react';
import { cx } from '../internal/class-names';

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

export interface RiderLevelBadgeProps {
  level: RiderLevel;
  /** Adds the level's summary and what the rider does at each pace (LEVEL_DEFINITIONS). */
  showDefinition?: boolean;
  /** `sm` for tour cards and lists, `md` (default) elsewhere. */
  size?: RiderLevelSize;
  texts?: Partial<RiderLevelTexts>;
  className?: string;
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

/** A rider level as a badge: its name and a five-step scale, optionally with its definition. */
export function RiderLevelBadge({
  level,
  showDefinition = false,
  size = 'md',
  texts: custom,
  className,
}: RiderLevelBadgeProps) {
  const texts = { ...RIDER_LEVEL_TEXTS, ...custom };
  const definition = LEVEL_DEFINITIONS[level];
  const rank = levelRank(level);
  const badge = (
    <span
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
    <div className={cx('gk-rider-level-definition', className)}>
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

export interface RiderLevelScaleProps {
  /** Marks one level, e.g. the level a tour asks for, with `highlightLabel`. */
  highlight?: RiderLevel | null;
  /** Default 'This ride'. */
  highlightLabel?: string;
  /** The list's accessible name. Default 'What the levels mean'. */
  label?: string;
  texts?: Partial<RiderLevelTexts>;
  className?: string;
}

/** All five levels with their definitions, lowest first: the tour page's "What the levels mean". */
export function RiderLevelScale({
  highlight = null,
  highlightLabel = 'This ride',
  label = 'What the levels mean',
  texts,
  className,
}: RiderLevelScaleProps) {
  return (
    <ol className={cx('gk-rider-level-scale', className)} aria-label={label}>
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
