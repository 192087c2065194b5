import type { WeightUnit } from '@gallop/rider-fit';

/** The weight unit a visitor picked beside a weight field (decision 145). */
export const WEIGHT_UNIT_COOKIE = 'weight_unit';

/** A year, as the currency choice is kept (docs/product.md, Constants: 365 days). */
const WEIGHT_UNIT_MAX_AGE_S = 365 * 24 * 60 * 60;

/** `kg` or `lb`; anything else is no choice. */
export function parseWeightUnit(value: string | undefined): WeightUnit | undefined {
  return value === 'kg' || value === 'lb' ? value : undefined;
}

/**
 * `document.cookie = ...` value that keeps a picked unit for a year. Written by hand, not with the
 * cookie package: it runs in the first load (the root's weight unit), and the value is a constant.
 */
export function weightUnitCookie(unit: WeightUnit, secure: boolean): string {
  return `${WEIGHT_UNIT_COOKIE}=${unit}; Path=/; Max-Age=${WEIGHT_UNIT_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
