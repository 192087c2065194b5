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

/** The saddle types a tour rides in. */
export const TACKS = ['english', 'western', 'other'] as const;

export type Tack = (typeof TACKS)[number];

// Checks and ranks are in `level-checks.ts`: the lists are read in every page's first load (the
// search address), the checks only where a passport or a fit is worked out.
