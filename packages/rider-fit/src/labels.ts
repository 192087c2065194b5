/**
 * The names of levels and tacks as the site writes them. A module of its own: the lists and
 * checks of `levels.ts` ride in every page's first load (search filters read them), the names
 * only where a level or tack is shown.
 */
import type { RiderLevel, Tack } from './levels';

/**
 * Each level's name alone: what matching's reasons and badges need, kept apart from the
 * definitions' longer texts so code that only names levels does not carry them.
 */
export const LEVEL_LABELS: Readonly<Record<RiderLevel, string>> = {
  beginner: 'Beginner',
  novice: 'Novice',
  intermediate: 'Intermediate',
  'strong-intermediate': 'Strong intermediate',
  advanced: 'Advanced',
};

export const TACK_LABELS: Readonly<Record<Tack, string>> = {
  english: 'English',
  western: 'Western',
  other: 'Other tack',
};
