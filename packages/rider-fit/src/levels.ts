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
    label: 'Beginner',
    summary: 'Has never ridden, or only a few times at a walk.',
    walk: 'Learning to sit, steer and stop; may be led.',
    trot: 'Not yet.',
    canter: 'Not yet.',
    gallop: 'Not yet.',
    saddleHours: 'Up to 2 hours a day, with breaks.',
  },
  novice: {
    level: 'novice',
    label: 'Novice',
    summary: 'Walks and steers alone and can rise to the trot for short spells.',
    walk: 'Confident, steers and stops alone.',
    trot: 'Rising trot for short spells.',
    canter: 'A short canter in an arena at most.',
    gallop: 'Not yet.',
    saddleHours: '2–3 hours a day.',
  },
  intermediate: {
    level: 'intermediate',
    label: 'Intermediate',
    summary: 'Secure at walk and trot and canters with control in open country.',
    walk: 'Confident on any track.',
    trot: 'Rising and sitting, for long spells.',
    canter: 'Controlled, in open country.',
    gallop: 'Not yet, or only a short one.',
    saddleHours: '4–5 hours a day.',
  },
  'strong-intermediate': {
    level: 'strong-intermediate',
    label: 'Strong intermediate',
    summary: 'Balanced at every pace, including a controlled gallop, day after day.',
    walk: 'Confident on steep and rough ground.',
    trot: 'Rising and sitting, for long spells.',
    canter: 'Long canters in open country.',
    gallop: 'Controlled, in open country.',
    saddleHours: '5–6 hours a day, several days running.',
  },
  advanced: {
    level: 'advanced',
    label: 'Advanced',
    summary: 'Rides spirited horses at every pace over any terrain, for days on end.',
    walk: 'Confident anywhere, including river crossings and mountain tracks.',
    trot: 'For hours, rising and sitting.',
    canter: 'Long canters over varied terrain.',
    gallop: 'Fast gallops on spirited horses.',
    saddleHours: '6 hours a day or more, for a week or longer.',
  },
};

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

export const TACK_LABELS: Readonly<Record<Tack, string>> = {
  english: 'English',
  western: 'Western',
  other: 'Other tack',
};

export function isTack(value: unknown): value is Tack {
  return typeof value === 'string' && (TACKS as readonly string[]).includes(value);
}
