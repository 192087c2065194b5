import '../tokens/tokens.css';
import './pace-mix.css';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

/** The four paces, slowest first: the order of the bar, the legend and the accessible name. */
export const PACES = ['walk', 'trot', 'canter', 'gallop'] as const;

export type Pace = (typeof PACES)[number];

export const PACE_LABELS: Readonly<Record<Pace, string>> = {
  walk: 'Walk',
  trot: 'Trot',
  canter: 'Canter',
  gallop: 'Gallop',
};

export interface PaceShare {
  pace: Pace;
  label: string;
  share: number;
}

/** "Pace mix: walk 50%, trot 30%, canter 15%, gallop 5%" */
export function paceMixName(shares: PaceShare[]): string {
  return `Pace mix: ${shares.map(({ label, share }) => `${label.toLowerCase()} ${share}%`).join(', ')}`;
}

/** Native props, `className`, `style` and `ref` go to the `<div role="img">`; `ariaLabel` names it. */
export interface PaceMixBarProps extends NativeProps<'div'> {
  /** Share of riding time at each pace, in percent; the four sum to 100. */
  walk: number;
  trot: number;
  canter: number;
  gallop: number;
  labels?: Partial<Record<Pace, string>>;
  /** Builds the accessible name from the shown (non-zero) shares, slowest first. */
  ariaLabel?: (shares: PaceShare[]) => string;
}

/**
 * A tour's pace mix as one stacked bar with a legend, slowest pace first and darker as the pace
 * gets faster, so order, labels and lightness tell the paces apart without hue. Zero shares are
 * left out of the bar, the legend and the name.
 *
 * **Usage.** Do show it on the tour page beside the rider level, with the organizer's four shares
 * summing to 100. Don't round the shares so they no longer add up, and don't recolour the segments:
 * their order and lightness are what tell the paces apart.
 */
export function PaceMixBar({
  walk,
  trot,
  canter,
  gallop,
  labels,
  ariaLabel = paceMixName,
  className,
  ...rest
}: PaceMixBarProps) {
  const shares = { walk, trot, canter, gallop };
  const paces: PaceShare[] = PACES.map((pace) => ({
    pace,
    label: labels?.[pace] ?? PACE_LABELS[pace],
    share: Math.max(0, shares[pace]),
  })).filter(({ share }) => share > 0);
  return (
    <div
      {...rest}
      className={cx('gk-pace-mix', className)}
      role="img"
      aria-label={ariaLabel(paces)}
    >
      <div className="gk-pace-mix__bar">
        {paces.map(({ pace, share }) => (
          <span
            key={pace}
            className={`gk-pace-mix__segment gk-pace-mix__segment--${pace}`}
            style={{ flexGrow: share }}
          />
        ))}
      </div>
      <ul className="gk-pace-mix__legend">
        {paces.map(({ pace, label, share }) => (
          <li key={pace} className="gk-pace-mix__item">
            <span className={`gk-pace-mix__swatch gk-pace-mix__segment--${pace}`} />
            {label} <strong>{share}%</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
