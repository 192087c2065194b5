import { QUERY_BOUNDS } from './bounds';
import { FILTER_LIMITS } from './constants';

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Reads a finite number from a number or a decimal string (`'12'`, `' 1.5 '`, `'1e3'`); anything
 * else (`'abc'`, `'0x10'`, `''`, `NaN`, booleans) gives `undefined`. `-0` reads as `0`.
 */
export function toNumber(value: unknown): number | undefined {
  const number =
    typeof value === 'string' && DECIMAL.test(value.trim()) ? Number(value.trim()) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number + 0 : undefined;
}

/** Clamps a number into `[min, max]`; anything that is not a finite number becomes `min`. */
export function clamp(value: unknown, min: number, max: number): number {
  const number = toNumber(value);
  if (number === undefined) return min;
  return Math.min(max, Math.max(min, number));
}

/**
 * Minimum age is 0 when it is not a number, negative, or 18 and above (docs/product.md,
 * Validation).
 */
export function normalizeMinAge(value: unknown): number {
  const age = toNumber(value);
  if (age === undefined || age < 0 || age >= FILTER_LIMITS.adultAge) return 0;
  return Math.floor(age);
}

/**
 * The page is at least 1 (a page that is not a number is 1) and at most the last one the API
 * serves (`QUERY_BOUNDS.pageMax`).
 */
export function normalizePage(value: unknown): number {
  const page = toNumber(value);
  if (page === undefined || page < 1) return 1;
  return Math.min(Math.floor(page), QUERY_BOUNDS.pageMax);
}
