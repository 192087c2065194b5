import { formatWeightLimit, type WeightUnit } from '@gallop/rider-fit';
import { PaceMixBar, RiderLevelBadge, RiderLevelScale } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { buttonClassName } from '@gallop/ui-kit';
import { RiderFitDetails } from '../../../../components/rider-fit-details/rider-fit-details';
import { weightRefusal } from '../../../../lib/rider-fit';
import { usePassportFit } from '../../../../lib/use-passport-fit';
import { useWeightUnit } from '../../../../lib/weight-unit';
import type { Tour } from '../../api';
import { formatDateRange, type TourDate } from '../../format';
import { heavyHorseDates } from '../../horse-dates';
import './tour-riding.css';

type Riding = Tour['riding'];

const TACK_NAMES: Record<Riding['tack'], string> = {
  english: 'English',
  western: 'Western',
  other: 'Local tack',
};

const TERRAIN_NAMES: Record<Riding['terrain'][number], string> = {
  mountains: 'mountains',
  hills: 'hills',
  steppe: 'steppe',
  forest: 'forest',
  desert: 'desert',
  beach: 'beaches',
  'river-crossings': 'river crossings',
  farmland: 'farmland',
  tundra: 'tundra',
};

function hours(value: number): string {
  return `${value} ${value === 1 ? 'hour' : 'hours'}`;
}

interface RidingFact {
  label: string;
  value: string;
}

/**
 * The riding requirements as label and value, in the order a rider checks them (decision 106).
 * `nonRiders` says what companions who do not ride pay ("Non-riders welcome from €450"); weights
 * are written in `weightUnit`.
 */
export function ridingFacts(
  riding: Riding,
  nonRiders?: string,
  weightUnit: WeightUnit = 'kg',
): RidingFact[] {
  // Limits: in pounds, the most a rider may type and stay within them (decision 165).
  const weightOf = (kg: number) => formatWeightLimit(kg, weightUnit);
  const terrain = riding.terrain.map((kind) => TERRAIN_NAMES[kind]).join(', ');
  const ages =
    riding.max_riding_age === null
      ? `From ${riding.min_riding_age} years`
      : `${riding.min_riding_age} to ${riding.max_riding_age} years`;
  const weight =
    riding.heavy_rider_weight_kg > riding.max_rider_weight_kg
      ? `Up to ${weightOf(riding.max_rider_weight_kg)} with clothing; up to ${weightOf(riding.heavy_rider_weight_kg)} on a heavier horse, while the date has one free`
      : `Up to ${weightOf(riding.max_rider_weight_kg)} with clothing`;
  const facts: (RidingFact | false)[] = [
    {
      label: 'In the saddle',
      value:
        riding.hours_longest_day > riding.hours_typical_day
          ? `${hours(riding.hours_typical_day)} a typical day, ${hours(riding.hours_longest_day)} the longest`
          : `${hours(riding.hours_typical_day)} a day`,
    },
    terrain !== '' && { label: 'Terrain', value: terrain[0]!.toUpperCase() + terrain.slice(1) },
    {
      label: 'Tack',
      value: riding.other_tack_on_request
        ? `${TACK_NAMES[riding.tack]}; other tack on request`
        : TACK_NAMES[riding.tack],
    },
    riding.horses.breed !== '' && {
      label: 'Horses',
      value:
        riding.horses.herd_size === null
          ? riding.horses.breed
          : `${riding.horses.breed}, a herd of ${riding.horses.herd_size}`,
    },
    { label: 'Rider weight', value: weight },
    { label: 'Riding age', value: ages },
    {
      label: 'Non-riders',
      value: riding.non_riders_welcome ? (nonRiders ?? 'Welcome to come along') : 'Riders only',
    },
  ];
  return facts.filter((fact): fact is RidingFact => fact !== false);
}

/** Dates named before the rest are counted ('… and 2 more dates'). */
const HEAVY_HORSE_DATES_NAMED = 3;

const listFormat = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/**
 * For a rider who needs a heavier horse, on which bookable dates one is free, or that none is:
 * 'Over 95 kg you ride a heavier horse: one is free on 20–27 Feb 2027.'
 */
function heavyHorseText(
  riding: Riding,
  dates: readonly TourDate[],
  weightUnit: WeightUnit,
): string {
  const over = `Over ${formatWeightLimit(riding.max_rider_weight_kg, weightUnit)} you ride a heavier horse`;
  // Variants of the same days ('Shared room', 'Private room') are one date to the rider.
  const ranges = [...new Set(dates.map((date) => formatDateRange(date.start, date.end)))];
  if (ranges.length === 0) return `${over}, and none is free on a date you can book.`;
  const named = ranges.slice(0, HEAVY_HORSE_DATES_NAMED);
  const more = ranges.length - named.length;
  const list = more > 0 ? [...named, `${more} more ${more === 1 ? 'date' : 'dates'}`] : named;
  return `${over}: one is free on ${listFormat.format(list)}.`;
}

/**
 * How the visitor's rider passport fits this tour, with every reason, or an invitation to fill
 * one in. Nothing in the server render: it appears once the page knows the passport.
 * `heavyPlacesFree` is the most heavier-horse places free on one date (the tour's best date).
 * With the tour's `dates`, a rider whose weight needs a heavier horse, and whom it does not rule
 * out, learns on which dates one is free.
 */
function TourFit({
  riding,
  heavyPlacesFree,
  dates,
}: {
  riding: Riding;
  heavyPlacesFree: number;
  dates: readonly TourDate[] | undefined;
}) {
  const { ready, passport, fit } = usePassportFit(riding, {
    free: heavyPlacesFree,
    scope: 'any-date',
  });
  const weightUnit = useWeightUnit();
  if (!ready) return null;
  if (!fit) {
    return (
      <div className="tour-fit tour-fit--none">
        <h3 className="tour-riding__subheading">Does this ride fit you?</h3>
        <p className="tour-fit__text">
          Tell us your level, your usual tack, your hours in the saddle and your weight once: every
          tour then says whether it fits you.
        </p>
        <Link to="/rider-passport" className={buttonClassName({ theme: 'primary', size: 'sm' })}>
          <span className="gk-button__label">Fill your rider passport</span>
        </Link>
      </div>
    );
  }
  // A rider the weight rules out is told why by the fit; the others, where a horse is free.
  const heavyDates =
    dates && passport && weightRefusal(fit) === undefined
      ? heavyHorseDates(passport.weightKg, riding, dates)
      : undefined;
  return (
    <div className="tour-fit">
      <h3 className="tour-riding__subheading">How this ride fits you</h3>
      <RiderFitDetails fit={fit} />
      {heavyDates && (
        <p className="tour-fit__heavy">{heavyHorseText(riding, heavyDates, weightUnit)}</p>
      )}
      <p className="tour-fit__text">
        From your rider passport. <Link to="/rider-passport">Edit your passport</Link>
      </p>
    </div>
  );
}

/** The tour page's "Riding" section: the level asked, the pace mix and the requirements. */
export function TourRiding({
  riding,
  heavyPlacesFree = 0,
  dates,
  nonRiders,
}: {
  riding: Riding;
  /** The tour's most heavier-horse places free on one date (`Tour.heavy_places_free`). */
  heavyPlacesFree?: number;
  /** The tour's dates: a rider who needs a heavier horse learns on which one is free. */
  dates?: readonly TourDate[] | undefined;
  /** What non-riders pay, from the tour's dates (`nonRidersWelcomeText`). */
  nonRiders?: string | undefined;
}) {
  const weightUnit = useWeightUnit();
  return (
    <div className="tour-riding">
      <TourFit riding={riding} heavyPlacesFree={heavyPlacesFree} dates={dates} />
      <div className="tour-riding__level">
        <h3 className="tour-riding__subheading">Rider level</h3>
        <RiderLevelBadge level={riding.level} showDefinition />
      </div>
      <div className="tour-riding__pace">
        <h3 className="tour-riding__subheading">Pace</h3>
        <PaceMixBar {...riding.pace_mix} />
      </div>
      <dl className="tour-riding__facts">
        {ridingFacts(riding, nonRiders, weightUnit).map((fact) => (
          <div key={fact.label} className="tour-riding__fact">
            <dt className="tour-riding__label">{fact.label}</dt>
            <dd className="tour-riding__value">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <details className="tour-riding__levels">
        <summary className="tour-riding__levels-summary">What the levels mean</summary>
        <RiderLevelScale highlight={riding.level} />
      </details>
    </div>
  );
}
