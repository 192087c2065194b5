import '../tokens/tokens.css';
import '../internal/visually-hidden.css';
import './horse-welfare-card.css';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';
import { formatWeightLimit, type WeightUnit } from '@gallop/rider-fit';

/** Where the horses are when they do not work, the herd's way first. */
export type HorseTurnout = 'herd_pasture' | 'herd_daytime' | 'paddocks' | 'stables';
/** What happens to a horse too old to work. */
export type HorseRetirement = 'kept_for_life' | 'rehomed' | 'sold';

/**
 * How horses are kept: the contract's `HorseWelfare` (structurally), so the web passes the API's
 * answer as it comes. `tour_overrides` names the parts a tour states differently from its organizer.
 */
export interface HorseWelfareFacts {
  rest_days_per_week: number;
  max_work_hours_per_day: number;
  turnout: HorseTurnout;
  vet: { on_call: boolean; check_weeks: number | null };
  farrier: { on_call: boolean; every_weeks: number | null };
  weight_policy: {
    text: string | null;
    max_rider_weight_kg: number | null;
    heavy_rider_weight_kg: number | null;
  };
  retirement: { kind: HorseRetirement; note: string | null };
  tour_overrides: readonly string[];
}

/** One commitment of the card, as shown. */
export type HorseWelfareTopic =
  'rest' | 'hours' | 'turnout' | 'vet' | 'farrier' | 'weight' | 'retirement';

export interface HorseWelfareItem {
  topic: HorseWelfareTopic;
  /** The short label: "2 rest days a week". */
  label: string;
  /** The organizer's own words, under the label. */
  detail: string | null;
  /** Whether the tour states this part differently from its organizer. */
  tourOwn: boolean;
}

export const HORSE_TURNOUT_LABELS: Readonly<Record<HorseTurnout, string>> = {
  herd_pasture: 'In a herd on pasture day and night',
  herd_daytime: 'In a herd by day, stabled at night',
  paddocks: 'Turned out in paddocks',
  stables: 'Kept in stables',
};

export const HORSE_RETIREMENT_LABELS: Readonly<Record<HorseRetirement, string>> = {
  kept_for_life: 'Retired horses stay for life',
  rehomed: 'Retired horses are rehomed',
  sold: 'Retired horses are sold',
};

const hours = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}`;
const weeks = (value: number) => (value === 1 ? 'every week' : `every ${value} weeks`);

function vetLabel({ on_call: onCall, check_weeks: check }: HorseWelfareFacts['vet']): string {
  if (onCall && check) return `Vet on call, checks ${weeks(check)}`;
  if (onCall) return 'Vet on call';
  if (check) return `Vet checks ${weeks(check)}`;
  return 'Vet when needed';
}

function farrierLabel({ on_call: onCall, every_weeks: every }: HorseWelfareFacts['farrier']) {
  if (every && onCall) return `Farrier ${weeks(every)} and on call`;
  if (every) return `Farrier ${weeks(every)}`;
  return 'Farrier on call';
}

function weightLabel(policy: HorseWelfareFacts['weight_policy'], unit: WeightUnit): string {
  const { max_rider_weight_kg: limit, heavy_rider_weight_kg: heavy } = policy;
  if (limit === null) return 'Rider weight limit set for each tour';
  // Limits: in pounds, the most a rider may type and stay within them.
  const weight = (kg: number) => formatWeightLimit(kg, unit);
  if (heavy !== null && heavy > limit) {
    return `Riders up to ${weight(limit)} with clothing (up to ${weight(heavy)} on a heavier horse)`;
  }
  return `Riders up to ${weight(limit)} with clothing`;
}

/**
 * The card's commitments in order, with their labels (also for tests and other layouts); weights
 * in `weightUnit` (kilograms unless given).
 */
export function horseWelfareItems(
  welfare: HorseWelfareFacts,
  weightUnit: WeightUnit = 'kg',
): HorseWelfareItem[] {
  const own = new Set(welfare.tour_overrides);
  const rest = welfare.rest_days_per_week;
  return [
    {
      topic: 'rest',
      label:
        rest === 0 ? 'No set rest day' : `${rest} ${rest === 1 ? 'rest day' : 'rest days'} a week`,
      detail: null,
      tourOwn: own.has('rest_days_per_week'),
    },
    {
      topic: 'hours',
      label: `At most ${hours(welfare.max_work_hours_per_day)} working hours a day`,
      detail: null,
      tourOwn: own.has('max_work_hours_per_day'),
    },
    {
      topic: 'turnout',
      label: HORSE_TURNOUT_LABELS[welfare.turnout],
      detail: null,
      tourOwn: own.has('turnout'),
    },
    {
      topic: 'vet',
      label: vetLabel(welfare.vet),
      detail: null,
      tourOwn: own.has('vet_on_call') || own.has('vet_check_weeks'),
    },
    {
      topic: 'farrier',
      label: farrierLabel(welfare.farrier),
      detail: null,
      tourOwn: own.has('farrier_weeks') || own.has('farrier_on_call'),
    },
    {
      topic: 'weight',
      label: weightLabel(welfare.weight_policy, weightUnit),
      detail: welfare.weight_policy.text,
      tourOwn: own.has('weight_policy'),
    },
    {
      topic: 'retirement',
      label: HORSE_RETIREMENT_LABELS[welfare.retirement.kind],
      detail: welfare.retirement.note,
      tourOwn: false,
    },
  ];
}

/** Small stroke pictures, one a commitment; decorative (the label carries the meaning). */
const ICON_PATHS: Readonly<Record<HorseWelfareTopic, string>> = {
  // A calendar page.
  rest: 'M5 6h14v13H5zM5 10h14M9 4v4M15 4v4',
  // A clock.
  hours: 'M12 4a8 8 0 1 0 0 16a8 8 0 1 0 0-16M12 8v4l3 2',
  // A fence on a meadow.
  turnout: 'M4 19h16M6 19V8M12 19V8M18 19V8M4 11h16M4 15h16',
  // A medical cross.
  vet: 'M10 4h4v6h6v4h-6v6h-4v-6H4v-4h6z',
  // A horseshoe.
  farrier: 'M7 19V11a5 5 0 0 1 10 0v8M5 19h4M15 19h4',
  // A scale.
  weight: 'M12 4v16M6 20h12M5 8h14M5 8l-2 6h4zM19 8l-2 6h4z',
  // A heart.
  retirement: 'M12 19s-7-4.5-7-9.5A3.5 3.5 0 0 1 12 7a3.5 3.5 0 0 1 7 2.5C19 14.5 12 19 12 19z',
};

/** Native props, `className`, `style` and `ref` go to the `<section>`; `title` names it. */
export interface HorseWelfareCardProps extends NativeProps<'section', 'title'> {
  /** The statement; null when the organizer has not stated how its horses are kept. */
  welfare: HorseWelfareFacts | null;
  /** The card's heading and accessible name (default "Horse welfare"). */
  title?: string;
  /** Shown when `welfare` is null. */
  notStatedText?: string;
  /** The mark of a part the tour states differently from its organizer (default "This tour"). */
  tourOwnLabel?: string;
  /** The heading's level in the page (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** The unit the weight policy's limits are written in (default `kg`; `lb` in the US). */
  weightUnit?: WeightUnit;
}

export const HORSE_WELFARE_NOT_STATED =
  'The organizer has not yet said how its horses are kept. Ask them in the chat before you book.';

/**
 * How a tour's or an organizer's horses are kept (decision 114): rest days, working hours, herd
 * turnout, vet and farrier, the weight policy and retirement, each a short label with a picture;
 * the parts a tour states differently from its organizer carry a "This tour" mark.
 *
 * **Usage.** Do show it on the tour and organizer pages with the organizer's statement as given, so
 * the parts a tour states differently carry the "This tour" mark. Don't leave out or soften parts
 * of the statement, and don't hide the card when `welfare` is null: "not stated" tells travellers
 * something too.
 */
export function HorseWelfareCard({
  welfare,
  title = 'Horse welfare',
  notStatedText = HORSE_WELFARE_NOT_STATED,
  tourOwnLabel = 'This tour',
  headingLevel = 3,
  weightUnit = 'kg',
  className,
  ...rest
}: HorseWelfareCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      {...rest}
      className={cx('gk-horse-welfare', !welfare && 'gk-horse-welfare--not-stated', className)}
      aria-label={title}
    >
      <Heading className="gk-horse-welfare__title">{title}</Heading>
      {welfare ? (
        <ul className="gk-horse-welfare__list">
          {horseWelfareItems(welfare, weightUnit).map((item) => (
            <li key={item.topic} className="gk-horse-welfare__item" data-topic={item.topic}>
              <svg
                className="gk-horse-welfare__icon"
                viewBox="0 0 24 24"
                width="20"
                height="20"
                aria-hidden="true"
              >
                <path
                  d={ICON_PATHS[item.topic]}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span className="gk-horse-welfare__text">
                <span className="gk-horse-welfare__label">
                  {item.label}
                  {item.tourOwn && (
                    <>
                      <span className="gk-visually-hidden">, </span>
                      <span className="gk-horse-welfare__own">{tourOwnLabel}</span>
                    </>
                  )}
                </span>
                {item.detail && <span className="gk-horse-welfare__detail">{item.detail}</span>}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="gk-horse-welfare__empty">{notStatedText}</p>
      )}
    </section>
  );
}
