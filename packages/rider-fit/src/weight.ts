/**
 * A rider's weight in kilograms with clothing, as the passport, the search's `riderWeight` and
 * every booking form accept it: one range, so a passport always fills a booking it fits. A module
 * of its own: the search's URL readers (in a page's first load) need this alone.
 */
export const RIDER_WEIGHT_KG = { min: 20, max: 200 } as const;

/**
 * The units a weight is shown and typed in. Weights are kept in kilograms everywhere (the API,
 * the passport, the search); pounds are for people: a traveller from the US reads and types them.
 */
export const WEIGHT_UNITS = ['kg', 'lb'] as const;

export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** The international pound, exactly. */
export const KG_PER_LB = 0.453_592_37;

export function isWeightUnit(value: unknown): value is WeightUnit {
  return value === 'kg' || value === 'lb';
}

/**
 * A weight in `unit`, as a whole number (what the site shows: "209 lb", not "209.44 lb"). Kept
 * kilograms have one decimal, so a whole number of pounds typed in reads back as typed.
 */
export function weightIn(kg: number, unit: WeightUnit): number {
  return Math.round(unit === 'kg' ? kg : kg / KG_PER_LB);
}

/** Kilograms to a tenth, as passports and bookings keep them. */
export const tenthOfKg = (kg: number): number => Math.round(kg * 10) / 10;

/**
 * "95 kg", "95.4 kg" or "209 lb" (a no-break space between, as the site writes units). Kilograms
 * keep the tenth a weight is kept to, so a rider shown at a limit ("105 kg") is never above it
 * and never on a heavier horse for it; pounds are whole (a tenth of a kilogram is 0.22 lb).
 */
export function formatWeight(kg: number, unit: WeightUnit): string {
  return `${unit === 'kg' ? tenthOfKg(kg) : weightIn(kg, unit)}\u00a0${unit}`;
}

/**
 * A weight limit ("Riders up to …", "over … a heavier horse") in `unit`. Kilograms as
 * `formatWeight`; pounds are the most whole pounds a rider may type and still be kept within the
 * limit (110 kg is "242 lb": 243 lb is kept as 110.2 kg). Rounded to the nearest pound, a rider
 * typing the written limit could be above it.
 */
export function formatWeightLimit(kg: number, unit: WeightUnit): string {
  if (unit === 'kg') return formatWeight(kg, unit);
  // One pound above the floor may still be kept (rounded to a tenth) at the limit.
  let pounds = Math.floor(kg / KG_PER_LB) + 1;
  while (weightToKg(pounds, 'lb') > kg) pounds -= 1;
  return `${pounds}\u00a0lb`;
}

/**
 * Kilograms to keep for a weight typed in `unit`, to one decimal: enough to give back any whole
 * number of pounds (0.1 kg is 0.22 lb) without inventing precision.
 */
export function weightToKg(value: number, unit: WeightUnit): number {
  return tenthOfKg(unit === 'kg' ? value : value * KG_PER_LB);
}

/**
 * The rider weight range in `unit`, in whole units inside `RIDER_WEIGHT_KG` (20–200 kg is
 * 45–440 lb): whatever a form accepts in pounds is a weight the API accepts in kilograms.
 */
export function riderWeightRange(unit: WeightUnit): { min: number; max: number } {
  if (unit === 'kg') return { ...RIDER_WEIGHT_KG };
  return {
    min: Math.ceil(RIDER_WEIGHT_KG.min / KG_PER_LB),
    max: Math.floor(RIDER_WEIGHT_KG.max / KG_PER_LB),
  };
}
