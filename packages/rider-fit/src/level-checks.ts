import { RIDER_LEVELS, TACKS, type RiderLevel, type Tack } from './levels';

/** The position of a level on the scale: 0 for beginner to 4 for advanced. */
export function levelRank(level: RiderLevel): number {
  return RIDER_LEVELS.indexOf(level);
}

export function isRiderLevel(value: unknown): value is RiderLevel {
  return typeof value === 'string' && (RIDER_LEVELS as readonly string[]).includes(value);
}

export function isTack(value: unknown): value is Tack {
  return typeof value === 'string' && (TACKS as readonly string[]).includes(value);
}
