/**
 * What each level means, in words a rider recognises (the texts the site shows). A module of its
 * own: code that only names or compares levels (`levels.ts`) does not carry these texts.
 */
import { LEVEL_LABELS } from './labels';
import type { RiderLevel } from './levels';

export interface LevelDefinition {
  level: RiderLevel;
  label: string;
  /** One sentence a rider recognises themselves in. */
  summary: string;
  walk: string;
  trot: string;
  canter: string;
  gallop: string;
  /** Hours a day in the saddle a rider of this level is used to. */
  saddleHours: string;
}

export const LEVEL_DEFINITIONS: Readonly<Record<RiderLevel, LevelDefinition>> = {
  beginner: {
    level: 'beginner',
    label: LEVEL_LABELS.beginner,
    summary: 'Has never ridden, or only a few times at a walk.',
    walk: 'Learning to sit, steer and stop; may be led.',
    trot: 'Not yet.',
    canter: 'Not yet.',
    gallop: 'Not yet.',
    saddleHours: 'Up to 2 hours a day, with breaks.',
  },
  novice: {
    level: 'novice',
    label: LEVEL_LABELS.novice,
    summary: 'Walks and steers alone and can rise to the trot for short spells.',
    walk: 'Confident, steers and stops alone.',
    trot: 'Rising trot for short spells.',
    canter: 'A short canter in an arena at most.',
    gallop: 'Not yet.',
    saddleHours: '2–3 hours a day.',
  },
  intermediate: {
    level: 'intermediate',
    label: LEVEL_LABELS.intermediate,
    summary: 'Secure at walk and trot and canters with control in open country.',
    walk: 'Confident on any track.',
    trot: 'Rising and sitting, for long spells.',
    canter: 'Controlled, in open country.',
    gallop: 'Not yet, or only a short one.',
    saddleHours: '4–5 hours a day.',
  },
  'strong-intermediate': {
    level: 'strong-intermediate',
    label: LEVEL_LABELS['strong-intermediate'],
    summary: 'Balanced at every pace, including a controlled gallop, day after day.',
    walk: 'Confident on steep and rough ground.',
    trot: 'Rising and sitting, for long spells.',
    canter: 'Long canters in open country.',
    gallop: 'Controlled, in open country.',
    saddleHours: '5–6 hours a day, several days running.',
  },
  advanced: {
    level: 'advanced',
    label: LEVEL_LABELS.advanced,
    summary: 'Rides spirited horses at every pace over any terrain, for days on end.',
    walk: 'Confident anywhere, including river crossings and mountain tracks.',
    trot: 'For hours, rising and sitting.',
    canter: 'Long canters over varied terrain.',
    gallop: 'Fast gallops on spirited horses.',
    saddleHours: '6 hours a day or more, for a week or longer.',
  },
};
