/**
 * The pace of a ride, from its difficulty (the tour page's "Riding level": 1 easy, 2 moderate,
 * 3 challenging, 4 extreme). Every text that speaks of the riding (description, programme,
 * questions, reviews) says what the pace says, so no tour welcomes beginners and then asks them
 * to gallop.
 */
type Difficulty = 1 | 2 | 3 | 4;

export interface RidingPace {
  difficulty: Difficulty;
  /** Canters are part of the programme (short ones from level 2). */
  canters: boolean;
  /** Gallops are part of the programme (level 4 only). */
  gallops: boolean;
  /** Complete beginners can join. */
  beginners: boolean;
  /** Typical hours in the saddle on a full riding day. */
  hours: string;
  /** What the description says about the pace. */
  paragraph: string;
  /** Who the ride suits: the description's last word. */
  suits: string;
  /** The answer to "What riding level do I need?". */
  levelAnswer: string;
  /** What a riding day of the programme adds about the pace (one is picked per day). */
  dayPace: readonly string[];
  /** The same for a ride of a single day (an excursion): shorter, no lunch on the trail. */
  oneDay: { paragraph: string; suits: string; dayPace: readonly string[] };
}

export const LEVEL_QUESTION = 'What riding level do I need?';

const PACES: Record<Difficulty, RidingPace> = {
  1: {
    difficulty: 1,
    canters: false,
    gallops: false,
    beginners: true,
    hours: 'two to three hours',
    paragraph:
      'The pace is gentle: we ride at a walk, with short trots for those who want them, and there is no cantering.',
    suits:
      'Beginners are welcome: the first day starts with a riding lesson and the pace stays relaxed throughout.',
    levelAnswer:
      'None: complete beginners are welcome. We ride at a walk with a few short trots, and every rider has a lesson before the first ride.',
    dayPace: [
      'Two to three hours in the saddle at a walk, with a short trot for those who want one.',
      'An easy ride at a walk, with plenty of stops for photos and a picnic lunch.',
      'A short morning ride at a walk; the afternoon is free.',
    ],
    oneDay: {
      paragraph:
        'The pace is gentle: a walk, with a short trot for those who want one, and no cantering.',
      suits: 'Beginners are welcome: the guide gives a short lesson before the ride.',
      dayPace: ['About an hour and a half at a walk, with a short trot for those who want one.'],
    },
  },
  2: {
    difficulty: 2,
    canters: true,
    gallops: false,
    beginners: false,
    hours: 'four to five hours',
    paragraph:
      'Expect walk and trot for most of the day, with a few short canters where the ground is good.',
    suits:
      'Suitable for novice riders who can rise to the trot in control and are happy to try a short canter.',
    levelAnswer:
      'You should be able to rise to the trot in control and be happy to try a short canter. Complete beginners are not suited to this ride. We assess every rider on the first day.',
    dayPace: [
      'About four hours in the saddle at walk and trot, with a short canter where the track allows.',
      'A steady day of walk and trot, with one or two short canters on good ground.',
      'Four to five hours of riding, mostly at walk and trot, with a picnic lunch on the way.',
    ],
    oneDay: {
      paragraph: 'Expect walk and trot, with a short canter where the ground is good.',
      suits:
        'Suitable for novice riders who can rise to the trot in control and are happy to try a short canter.',
      dayPace: ['Two to three hours at walk and trot, with a short canter where the track allows.'],
    },
  },
  3: {
    difficulty: 3,
    canters: true,
    gallops: false,
    beginners: false,
    hours: 'five to six hours',
    paragraph:
      'Every day brings long trots and several canters in open country, so you should canter confidently in a group.',
    suits:
      'Suitable for riders who are comfortable at walk, trot and canter in open country and fit enough for five or six hours a day.',
    levelAnswer:
      'You should be able to mount, walk, trot and canter in control in open country. We assess every rider on the first day.',
    dayPace: [
      'Five to six hours in the saddle with long trots and several canters on open ground.',
      'Where the ground is good we enjoy long canters; steep and rocky sections are ridden at a walk.',
      'A full riding day with a picnic lunch, long trots and canters in the afternoon.',
    ],
    oneDay: {
      paragraph:
        'Expect long trots and several canters in open country: you should canter confidently in a group.',
      suits: 'Suitable for riders who are comfortable at walk, trot and canter in open country.',
      dayPace: ['About three hours with long trots and canters on open ground.'],
    },
  },
  4: {
    difficulty: 4,
    canters: true,
    gallops: true,
    beginners: false,
    hours: 'six to eight hours',
    paragraph:
      'Days are long and fast: sustained canters and gallops wherever the ground allows, with six to eight hours in the saddle.',
    suits:
      'For experienced riders only: you must be fit, secure at a gallop and able to ride six hours or more a day.',
    levelAnswer:
      'You must be an experienced rider, secure at a gallop over uneven ground and fit for long hours in the saddle. This is not a ride for novices.',
    dayPace: [
      'A long day of seven hours in the saddle: fast canters and a gallop across the open country.',
      'Six hours of riding at a brisk pace, with long gallops where the ground is good.',
      'A fast day: sustained canters, a gallop and lunch from the saddle bags.',
    ],
    oneDay: {
      paragraph: 'A fast ride: sustained canters and a gallop wherever the ground allows.',
      suits: 'For experienced riders only: you must be secure at a gallop over uneven ground.',
      dayPace: [
        'Three hours at a brisk pace, with fast canters and a gallop where the ground is good.',
      ],
    },
  },
};

export function ridingPace(difficulty: number): RidingPace {
  const level = Math.min(4, Math.max(1, Math.round(difficulty))) as Difficulty;
  return PACES[level];
}
