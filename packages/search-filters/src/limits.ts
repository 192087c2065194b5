/** Caps from the spec's business constants (section 9): the API never receives values beyond them. */
export const FILTER_LIMITS = {
  priceMax: 200_000,
  pricePerDayMax: 30_000,
  daysMax: 20,
  /** A minimum age at or above this is an adult tour: the filter is dropped. */
  adultAge: 18,
} as const;

/** Clamps a number into `[min, max]`; anything that is not a finite number becomes `min`. */
export function clamp(value: unknown, min: number, max: number): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return min;
  return Math.min(max, Math.max(min, number));
}

/** Minimum age is 0 when it is not a number, negative, or 18 and above (spec section 5). */
export function normalizeMinAge(value: unknown): number {
  const age = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (
    typeof age !== 'number' ||
    !Number.isFinite(age) ||
    age < 0 ||
    age >= FILTER_LIMITS.adultAge
  ) {
    return 0;
  }
  return Math.floor(age);
}

/** The page is at least 1. */
export function normalizePage(value: unknown): number {
  const page = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof page !== 'number' || !Number.isFinite(page) || page < 1) return 1;
  return Math.floor(page);
}
