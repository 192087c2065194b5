/**
 * The riding-holiday trade's five rider levels, defined by what a rider can do at each pace and
 * how long they are used to staying in the saddle (the scale Unicorn Trails, In The Saddle and
 * Equitours describe in prose). Order matters: each level is one step above the previous one.
 */
export const RIDER_LEVELS = [
  'beginner',
  'novice',
  'intermediate',
  'strong-intermediate',
  'advanced',
] as const;

export type RiderLevel = (typeof RIDER_LEVELS)[number];

/** The position of a level on the scale: 0 for beginner to 4 for advanced. */
export function levelRank(level: RiderLevel): number {
  return RIDER_LEVELS.indexOf(level);
}

export function isRiderLevel(value: unknown): value is RiderLevel {
  return typeof value === 'string' && (RIDER_LEVELS as readonly string[]).includes(value);
}

/** The saddle types a tour rides in. */
export const TACKS = ['english', 'western', 'other'] as const;

export type Tack = (typeof TACKS)[number];

export function isTack(value: unknown): value is Tack {
  return typeof value === 'string' && (TACKS as readonly string[]).includes(value);
}
