/**
 * Horse welfare (decision 114): what an organizer states about how it keeps its horses, and what
 * a tour states differently. One statement is stored as columns (`organizers.welfare*`, all or
 * none; `tours.welfare*`, each null for "the organizer's"); these functions turn them into the
 * contract's `HorseWelfare` and an organizer's input into columns.
 */
import type { components } from '@gallop/api-client';
import type {
  OrganizerWelfareColumn,
  organizers,
  TourWelfareColumn,
  tours,
} from '#src/db/schema/index.ts';
import { unprocessable } from '#src/http/http-error.ts';

type Schemas = components['schemas'];
export type HorseWelfare = Schemas['HorseWelfare'];
type HorseWelfareField = Schemas['HorseWelfareField'];
type OrganizerRow = typeof organizers.$inferSelect;
type TourRow = typeof tours.$inferSelect;

/** The welfare columns an organizer row carries. */
export type OrganizerWelfareRow = Pick<OrganizerRow, OrganizerWelfareColumn>;

/** The welfare columns and weight limits of a tour. */
export type TourWelfareRow = Pick<
  TourRow,
  TourWelfareColumn | 'maxRiderWeightKg' | 'heavyRiderWeightKg'
>;

/** Each field a tour may override, with the column that holds it (both tables name it alike). */
const OVERRIDABLE = [
  ['rest_days_per_week', 'welfareRestDaysPerWeek'],
  ['max_work_hours_per_day', 'welfareMaxWorkHours'],
  ['turnout', 'welfareTurnout'],
  ['vet_on_call', 'welfareVetOnCall'],
  ['vet_check_weeks', 'welfareVetCheckWeeks'],
  ['farrier_weeks', 'welfareFarrierWeeks'],
  ['farrier_on_call', 'welfareFarrierOnCall'],
  ['weight_policy', 'welfareWeightPolicy'],
] as const satisfies readonly (readonly [HorseWelfareField, keyof TourWelfareRow])[];

/** The organizer's statement; null when it has not stated one. */
export function organizerWelfare(row: OrganizerWelfareRow): HorseWelfare | null {
  // The database keeps the statement whole (`organizers_welfare_stated_whole`).
  if (
    row.welfareRestDaysPerWeek === null ||
    row.welfareMaxWorkHours === null ||
    row.welfareTurnout === null ||
    row.welfareVetOnCall === null ||
    row.welfareFarrierOnCall === null ||
    row.welfareRetirement === null
  ) {
    return null;
  }
  return {
    rest_days_per_week: row.welfareRestDaysPerWeek,
    max_work_hours_per_day: row.welfareMaxWorkHours,
    turnout: row.welfareTurnout,
    vet: { on_call: row.welfareVetOnCall, check_weeks: row.welfareVetCheckWeeks },
    farrier: { on_call: row.welfareFarrierOnCall, every_weeks: row.welfareFarrierWeeks },
    weight_policy: {
      text: row.welfareWeightPolicy,
      max_rider_weight_kg: null,
      heavy_rider_weight_kg: null,
    },
    retirement: { kind: row.welfareRetirement, note: row.welfareRetirementNote },
    tour_overrides: [],
  };
}

/**
 * A tour's statement: its organizer's with the tour's own values over it, and the tour's weight
 * limits. Null when the organizer has not stated one: a tour's values alone say too little.
 */
export function tourWelfare(
  tour: TourWelfareRow,
  organizer: OrganizerWelfareRow,
): HorseWelfare | null {
  const merged: OrganizerWelfareRow = { ...organizer };
  const overrides: HorseWelfareField[] = [];
  for (const [field, column] of OVERRIDABLE) {
    const value = tour[column];
    if (value === null) continue;
    Object.assign(merged, { [column]: value });
    overrides.push(field);
  }
  const welfare = organizerWelfare(merged);
  if (!welfare || !organizerWelfare(organizer)) return null;
  return {
    ...welfare,
    weight_policy: {
      text: welfare.weight_policy.text,
      max_rider_weight_kg: tour.maxRiderWeightKg,
      heavy_rider_weight_kg: tour.heavyRiderWeightKg,
    },
    tour_overrides: overrides,
  };
}

/**
 * The organizer columns of an input statement (null: withdrawn). The contract checks ranges and
 * kinds; the rule across fields is checked here: the farrier comes on a schedule or on call.
 */
export function welfareColumns(input: Schemas['HorseWelfareInput'] | null): OrganizerWelfareRow {
  if (input === null) {
    return {
      welfareRestDaysPerWeek: null,
      welfareMaxWorkHours: null,
      welfareTurnout: null,
      welfareVetOnCall: null,
      welfareVetCheckWeeks: null,
      welfareFarrierWeeks: null,
      welfareFarrierOnCall: null,
      welfareWeightPolicy: null,
      welfareRetirement: null,
      welfareRetirementNote: null,
    };
  }
  const farrierWeeks = input.farrier_weeks ?? null;
  if (!input.farrier_on_call && farrierWeeks === null) {
    throw unprocessable('Say how often the farrier comes, or that one is on call', {
      'horse_welfare.farrier_weeks': ['Give the weeks between farrier visits, or set on call'],
    });
  }
  return {
    welfareRestDaysPerWeek: input.rest_days_per_week,
    welfareMaxWorkHours: input.max_work_hours_per_day,
    welfareTurnout: input.turnout,
    welfareVetOnCall: input.vet_on_call,
    welfareVetCheckWeeks: input.vet_check_weeks ?? null,
    welfareFarrierWeeks: farrierWeeks,
    welfareFarrierOnCall: input.farrier_on_call,
    welfareWeightPolicy: input.weight_policy?.trim() || null,
    welfareRetirement: input.retirement,
    welfareRetirementNote: input.retirement_note?.trim() || null,
  };
}
