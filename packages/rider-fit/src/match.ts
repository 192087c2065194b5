import { LEVEL_LABELS, TACK_LABELS } from './labels';
import { levelRank } from './level-checks';
import type { Tack } from './levels';
import type { HeavyPlaces, RiderProfile, RidingRequirements } from './requirements';
import { formatWeight, formatWeightLimit, type WeightUnit } from './weight';

/** Ordered best first: sorting by `FIT_VERDICTS.indexOf` puts "fits" first. */
export const FIT_VERDICTS = ['fits', 'stretch', 'not-suitable'] as const;

export type FitVerdict = (typeof FIT_VERDICTS)[number];

export const FIT_LABELS: Readonly<Record<FitVerdict, string>> = {
  fits: 'Fits you',
  stretch: 'A stretch',
  'not-suitable': 'Not suitable',
};

export type FitCheck = 'weight' | 'age' | 'level' | 'hours' | 'tack';

export interface FitReason {
  check: FitCheck;
  verdict: Exclude<FitVerdict, 'fits'>;
  /** One line for the rider, e.g. "Riders up to 95 kg with clothing; you weigh 102 kg". */
  text: string;
}

export interface RiderFit {
  verdict: FitVerdict;
  /** The most important reason of the verdict, or `null` when the rider fits. */
  reason: string | null;
  /** Every reason, the most important first. */
  reasons: FitReason[];
}

const SEVERITY: Readonly<Record<FitVerdict, number>> = { fits: 0, stretch: 1, 'not-suitable': 2 };

function hours(value: number): string {
  return `${value} h`;
}

/** How reasons speak of the rider: to them ("you weigh"), or of them by name ("Sam weighs"). */
interface Voice {
  weighs: string;
  rides: string;
  isUsedTo: string;
}

const SECOND_PERSON: Voice = {
  weighs: 'you weigh',
  rides: 'you ride',
  isUsedTo: 'you are used to',
};

const voiceOf = (name: string | undefined): Voice =>
  name
    ? { weighs: `${name} weighs`, rides: `${name} rides`, isUsedTo: `${name} is used to` }
    : SECOND_PERSON;

function weightReason(
  weightKg: number,
  tour: RidingRequirements,
  heavy: HeavyPlaces | undefined,
  unit: WeightUnit,
  voice: Voice,
): FitReason | null {
  if (weightKg <= tour.maxRiderWeightKg) return null;
  // A limit in pounds is written as the most a rider may type within it (decision 165).
  const limit = (kg: number) => formatWeightLimit(kg, unit);
  if (weightKg > tour.heavyRiderWeightKg) {
    return {
      check: 'weight',
      verdict: 'not-suitable',
      text: `Riders up to ${limit(tour.heavyRiderWeightKg)} with clothing; ${voice.weighs} ${formatWeight(weightKg, unit)}`,
    };
  }
  // Between the two limits: a heavier horse is needed. Unknown places (no count given) do not
  // rule the rider out; a count of none does.
  if (heavy && heavy.free <= 0) {
    return {
      check: 'weight',
      verdict: 'not-suitable',
      text: `No horse for riders over ${limit(tour.maxRiderWeightKg)} is left on ${
        heavy.scope === 'date'
          ? 'this date'
          : heavy.scope === 'any-date'
            ? 'any date'
            : 'your dates'
      }`,
    };
  }
  return null;
}

function ageReason(age: number, tour: RidingRequirements): FitReason | null {
  if (age < tour.minRidingAge) {
    return {
      check: 'age',
      verdict: 'not-suitable',
      text: `Riders from ${tour.minRidingAge} years`,
    };
  }
  if (tour.maxRidingAge !== null && age > tour.maxRidingAge) {
    return {
      check: 'age',
      verdict: 'not-suitable',
      text: `Riders up to ${tour.maxRidingAge} years`,
    };
  }
  return null;
}

function levelReason(
  rider: RiderProfile,
  tour: RidingRequirements,
  voice: Voice,
): FitReason | null {
  if (!rider.level) return null;
  const gap = levelRank(tour.level) - levelRank(rider.level);
  if (gap <= 0) return null;
  const asked = LEVEL_LABELS[tour.level].toLowerCase();
  const yours = LEVEL_LABELS[rider.level].toLowerCase();
  return gap === 1
    ? { check: 'level', verdict: 'stretch', text: `For ${asked} riders, one step above ${yours}` }
    : {
        check: 'level',
        verdict: 'not-suitable',
        text: `For ${asked} riders; ${voice.rides} at ${yours} level`,
      };
}

function hoursReason(
  hoursPerDay: number,
  tour: RidingRequirements,
  voice: Voice,
): FitReason | null {
  if (tour.hoursLongestDay <= hoursPerDay) return null;
  return {
    check: 'hours',
    verdict: 'stretch',
    text: `Up to ${hours(tour.hoursLongestDay)} in the saddle a day; ${voice.isUsedTo} ${hours(hoursPerDay)}`,
  };
}

/**
 * A tack as the tack reason names it: the tour's with the word "tack" once ("Western tack",
 * "Other tack"), the rider's without it ("you ride English") unless it is all the name says
 * ("you ride another tack").
 */
const tourTackName = (tack: Tack) =>
  tack === 'other' ? TACK_LABELS.other : `${TACK_LABELS[tack]} tack`;

const riderTackName = (tack: Tack) => (tack === 'other' ? 'another tack' : TACK_LABELS[tack]);

function tackReason(rider: RiderProfile, tour: RidingRequirements, voice: Voice): FitReason | null {
  if (!rider.tack || rider.tack === tour.tack || tour.otherTackOnRequest) return null;
  return {
    check: 'tack',
    verdict: 'stretch',
    text: `${tourTackName(tour.tack)}; ${voice.rides} ${riderTackName(rider.tack)}`,
  };
}

export interface MatchOptions {
  /** The unit the reasons write weights in (`kg` unless given): the reader's, not the data's. */
  weightUnit?: WeightUnit | undefined;
  /**
   * Whom the reasons speak of: nobody (the reader, "you weigh 102 kg"), or a rider by name for a
   * reader booking others ("Sam weighs 102 kg").
   */
  riderName?: string | undefined;
}

/**
 * Whether a rider fits a tour: **not suitable** (weight above the limit or no heavier horse left,
 * outside the riding ages, level two or more steps short), **a stretch** (one step above the
 * rider's level, longer days than they are used to, the other tack) or **fits**. A field the
 * rider left empty is not checked. Reasons come most important first: weight, age, level, hours,
 * tack; the verdict is the worst of them. Weights are kilograms; `weightUnit` only changes how
 * the reasons write them.
 */
export function matchRider(
  rider: RiderProfile,
  tour: RidingRequirements,
  heavy?: HeavyPlaces,
  { weightUnit = 'kg', riderName }: MatchOptions = {},
): RiderFit {
  const voice = voiceOf(riderName?.trim() || undefined);
  const found = [
    rider.weightKg === undefined
      ? null
      : weightReason(rider.weightKg, tour, heavy, weightUnit, voice),
    rider.age === undefined ? null : ageReason(rider.age, tour),
    levelReason(rider, tour, voice),
    rider.hoursPerDay === undefined ? null : hoursReason(rider.hoursPerDay, tour, voice),
    tackReason(rider, tour, voice),
  ].filter((reason): reason is FitReason => reason !== null);
  const reasons = [
    ...found.filter((reason) => reason.verdict === 'not-suitable'),
    ...found.filter((reason) => reason.verdict === 'stretch'),
  ];
  const worst = reasons[0];
  return { verdict: worst?.verdict ?? 'fits', reason: worst?.text ?? null, reasons };
}

/** Sorts "fits me first": fits, then stretch, then not suitable; stable within each. */
export function compareFit(a: FitVerdict, b: FitVerdict): number {
  return SEVERITY[a] - SEVERITY[b];
}

/**
 * Whether a tour has a horse for a rider of this weight on some date: the weight filter of the
 * search ("tours with a horse for me"). `heavyFreeOnBestDate` is the most heavier-horse places
 * free on any bookable date.
 */
export function hasHorseFor(
  weightKg: number,
  tour: Pick<RidingRequirements, 'maxRiderWeightKg' | 'heavyRiderWeightKg'>,
  heavyFreeOnBestDate: number,
): boolean {
  if (weightKg <= tour.maxRiderWeightKg) return true;
  return weightKg <= tour.heavyRiderWeightKg && heavyFreeOnBestDate > 0;
}

/** Whether a rider of this weight needs one of the date's heavier-horse places. */
export function needsHeavyHorse(
  weightKg: number,
  tour: Pick<RidingRequirements, 'maxRiderWeightKg'>,
): boolean {
  return weightKg > tour.maxRiderWeightKg;
}
