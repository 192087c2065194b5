import { RIDER_LEVELS, type RiderLevel } from './levels';

/**
 * A short self-assessment: what the rider can do at each pace and how long they are used to
 * riding. Each answer supports a highest level; the proposal is the lowest of them (a rider is as
 * ready as their weakest pace), so honest answers never propose a ride above what they can do.
 */
export interface SelfAssessment {
  walk: 'never' | 'led' | 'alone';
  trot: 'no' | 'short' | 'confident';
  canter: 'no' | 'arena' | 'open';
  gallop: 'no' | 'controlled' | 'fast';
  /** Hours a day in the saddle the rider has ridden recently without trouble. */
  hoursUsedTo: number;
}

export const SELF_ASSESSMENT_QUESTIONS = {
  walk: {
    question: 'At a walk, can you steer and stop on your own?',
    answers: { never: 'I have never ridden', led: 'Only when led', alone: 'Yes, on my own' },
  },
  trot: {
    question: 'How do you trot?',
    answers: {
      no: 'I do not trot yet',
      short: 'Rising trot for short spells',
      confident: 'Rising and sitting, for long spells',
    },
  },
  canter: {
    question: 'How do you canter?',
    answers: {
      no: 'I do not canter yet',
      arena: 'A short canter in an arena',
      open: 'With control in open country',
    },
  },
  gallop: {
    question: 'How do you gallop?',
    answers: {
      no: 'I do not gallop',
      controlled: 'A controlled gallop in open country',
      fast: 'Fast gallops on spirited horses',
    },
  },
  hoursUsedTo: { question: 'How many hours a day have you ridden recently?' },
} as const;

const HIGHEST_BY_ANSWER = {
  walk: { never: 'beginner', led: 'beginner', alone: 'advanced' },
  trot: { no: 'beginner', short: 'novice', confident: 'advanced' },
  canter: { no: 'novice', arena: 'novice', open: 'advanced' },
  gallop: { no: 'intermediate', controlled: 'strong-intermediate', fast: 'advanced' },
} as const satisfies Record<
  Exclude<keyof SelfAssessment, 'hoursUsedTo'>,
  Record<string, RiderLevel>
>;

/** Long days belong to the upper levels: 5 hours for strong intermediate, 6 for advanced. */
function highestByHours(hours: number): RiderLevel {
  if (hours >= 6) return 'advanced';
  if (hours >= 5) return 'strong-intermediate';
  return 'intermediate';
}

/** The level the answers support: the lowest level any single answer allows. */
export function proposeLevel(answers: SelfAssessment): RiderLevel {
  const caps: RiderLevel[] = [
    HIGHEST_BY_ANSWER.walk[answers.walk],
    HIGHEST_BY_ANSWER.trot[answers.trot],
    HIGHEST_BY_ANSWER.canter[answers.canter],
    HIGHEST_BY_ANSWER.gallop[answers.gallop],
    highestByHours(answers.hoursUsedTo),
  ];
  let rank = RIDER_LEVELS.length - 1;
  for (const cap of caps) rank = Math.min(rank, RIDER_LEVELS.indexOf(cap));
  return RIDER_LEVELS[rank] ?? 'beginner';
}
