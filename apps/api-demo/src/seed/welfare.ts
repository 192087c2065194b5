import type {
  OrganizerWelfareColumn,
  organizers,
  TourWelfareColumn,
  tours,
} from '@gallop/api/src/db/schema/index.ts';

/**
 * How demo organizers keep their horses, and what some tours state differently (decision 114).
 * Derived from the organizer's id and country and the tour's riding facts, never from the random
 * stream: drawing here would shift every value generated after it.
 */
export type SeedOrganizerWelfare = Required<
  Pick<typeof organizers.$inferInsert, OrganizerWelfareColumn>
>;

export type SeedTourWelfare = Required<Pick<typeof tours.$inferInsert, TourWelfareColumn>>;

/** Where horses live in a herd on open pasture all year and go barefoot. */
const OPEN_RANGE = new Set(['MN', 'KZ', 'KG', 'IS', 'AR', 'UY']);

const WEIGHT_POLICIES = [
  'We weigh riders at the stable on the first morning; above the limit we offer a heavier horse or the support vehicle.',
  'Tell us your weight with clothing when you book. Riders over the limit ride only if a heavier horse is free on that date.',
  'The limit protects the horses’ backs on long days. We would rather find you the right horse than lose a horse for the season.',
];

const RETIREMENT_NOTES = {
  kept_for_life:
    'Our old horses stay on the home pasture with the herd until the end of their days.',
  rehomed: 'Retired horses go to families we know nearby; we visit and take them back if needed.',
  sold: 'Horses that no longer suit trail work are sold, mostly to local riding schools.',
} as const;

/** The organizer's statement: every demo organizer states one, no two quite alike. */
export function seedOrganizerWelfare(organizer: {
  id: number;
  countryIso: string;
}): SeedOrganizerWelfare {
  const { id } = organizer;
  const openRange = OPEN_RANGE.has(organizer.countryIso);
  const turnout = openRange
    ? 'herd_pasture'
    : (['herd_pasture', 'herd_daytime', 'paddocks', 'herd_pasture', 'stables'] as const)[id % 5]!;
  const retirement = (['kept_for_life', 'rehomed', 'kept_for_life', 'rehomed', 'sold'] as const)[
    (id * 3) % 5
  ]!;
  return {
    welfareRestDaysPerWeek: turnout === 'stables' ? 1 : 1 + (id % 2),
    // A working day is the riding and the walk to and from the trail: 6 to 8 hours.
    welfareMaxWorkHours: openRange ? 8 : 6 + (id % 3),
    welfareTurnout: turnout,
    welfareVetOnCall: id % 6 !== 0,
    welfareVetCheckWeeks: ([4, 8, 12, 26] as const)[id % 4]!,
    // Barefoot herds see a farrier when a hoof needs one; shod horses every six or eight weeks.
    welfareFarrierWeeks: openRange ? null : id % 3 === 0 ? 8 : 6,
    welfareFarrierOnCall: openRange || id % 2 === 0,
    welfareWeightPolicy: WEIGHT_POLICIES[id % WEIGHT_POLICIES.length]!,
    welfareRetirement: retirement,
    welfareRetirementNote: RETIREMENT_NOTES[retirement],
  };
}

const NO_OVERRIDE: SeedTourWelfare = {
  welfareRestDaysPerWeek: null,
  welfareMaxWorkHours: null,
  welfareTurnout: null,
  welfareVetOnCall: null,
  welfareVetCheckWeeks: null,
  welfareFarrierWeeks: null,
  welfareFarrierOnCall: null,
  welfareWeightPolicy: null,
};

/**
 * What a tour states differently from its organizer: a long steppe crossing rests its horses two
 * days a week and keeps a vet on call; a ride whose longest day is longer than the organizer's
 * usual working day says how long its horses work; excursions change horses daily.
 */
export function seedTourWelfare(
  tour: {
    kind: 'tour' | 'excursion' | 'cruise';
    landscape: string;
    difficulty: number;
    hoursLongestDay: number;
    maxRiderWeightKg: number;
    heavyRiderWeightKg: number;
  },
  organizer: SeedOrganizerWelfare,
): SeedTourWelfare {
  const override = { ...NO_OVERRIDE };
  const steppeCrossing =
    tour.kind === 'tour' && tour.landscape === 'steppe' && tour.difficulty >= 3;
  if (steppeCrossing) {
    override.welfareRestDaysPerWeek = Math.max(2, (organizer.welfareRestDaysPerWeek ?? 0) + 1);
    if (!organizer.welfareVetOnCall) override.welfareVetOnCall = true;
    if (tour.heavyRiderWeightKg === tour.maxRiderWeightKg) {
      override.welfareWeightPolicy =
        'Steppe horses are small and the days are long: there are no heavier horses on this crossing, so the limit is firm.';
    }
  }
  // The horses work at least as long as the riders ride.
  const hours = organizer.welfareMaxWorkHours ?? 12;
  if (tour.hoursLongestDay > hours) override.welfareMaxWorkHours = Math.ceil(tour.hoursLongestDay);
  return override;
}
