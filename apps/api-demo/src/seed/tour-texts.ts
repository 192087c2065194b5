import {
  CRUISE_NAMES,
  DESCRIPTION_DETAILS,
  DESCRIPTION_OPENINGS,
  EXCURSION_NAMES,
  FIRST_DAY,
  LAST_DAY,
  MIDDLE_DAYS,
  ONE_DAY,
  QUESTIONS,
  SCENERY,
  TOUR_NAMES,
  type DayTemplate,
  type TourAnswerFacts,
} from './data/tour-words.ts';
import type { RegionFeature } from './data/world.ts';
import type { Random } from '@gallop/api/src/shared/random.ts';
import { LEVEL_QUESTION } from './riding-pace.ts';
import { fill, fits, pickFitting, placeholders, type TextFacts } from './text-facts.ts';

const NAMES = { tour: TOUR_NAMES, excursion: EXCURSION_NAMES, cruise: CRUISE_NAMES } as const;

/** A name built from what the place has (no coast in a landlocked country). */
export function tourName(random: Random, facts: TextFacts): string {
  return pickFitting(random, NAMES[facts.kind], facts);
}

/** An earlier name of the same tour (for an old slug that redirects), unlike the current one. */
export function formerTourName(random: Random, facts: TextFacts, current: string): string {
  const others = NAMES[facts.kind]
    .filter(fits(facts))
    .map((template) => fill(template.text, placeholders(facts)))
    .filter((name) => name !== current);
  return others.length > 0 ? random.pick(others) : `${current}, the original route`;
}

/** "A, B and C". */
function listOf(items: readonly string[]): string {
  return items.length < 2
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** What the ride passes, in the region's own features. */
export function sceneryPhrase(random: Random, features: ReadonlySet<RegionFeature>, count: number) {
  return listOf(
    random.sample([...features], count).map((feature) => random.pick(SCENERY[feature])),
  );
}

function sceneryLine(random: Random, facts: TextFacts): string | undefined {
  if (facts.features.size === 0) return undefined;
  const passes = sceneryPhrase(random, facts.features, random.int(2, 3));
  switch (facts.kind) {
    case 'tour':
      return `On the way the trail takes in ${passes}.`;
    case 'excursion':
      return `On the way you pass ${passes}.`;
    case 'cruise':
      return `Riding days ashore take you to ${passes}.`;
  }
}

/**
 * The description: the place, what the ride passes, how it is run, its pace and who it suits.
 * The pace paragraph and the last line come from the riding level, so they always agree.
 */
export function tourDescription(random: Random, facts: TextFacts): string {
  const opening = pickFitting(random, DESCRIPTION_OPENINGS, facts);
  const scenery = sceneryLine(random, facts);
  const details = random
    .sample(DESCRIPTION_DETAILS.filter(fits(facts)), random.int(1, 2))
    .map((template) => fill(template.text, placeholders(facts)));
  const pace = facts.duration > 1 ? facts.pace : facts.pace.oneDay;
  return [
    [opening, scenery].filter(Boolean).join(' '),
    details.join(' '),
    pace.paragraph,
    pace.suits,
  ].join('\n\n');
}

/** What the day is for the riding numbers (decision 113). */
type ProgrammeDayKind = 'arrival' | 'ride' | 'rest' | 'departure' | 'one-day';

export interface ProgrammeDay {
  title: string;
  description: string;
  kind: ProgrammeDayKind;
}

/** Items of `list` in a random order, starting over (reshuffled) when it runs out. */
function* cycle<T>(random: Random, list: readonly T[]): Generator<T, never> {
  for (;;) {
    if (list.length === 0) throw new Error('Nothing to cycle through');
    yield* random.sample(list, list.length);
  }
}

/**
 * The day-by-day programme: arrival, days that visit what the region has (no title repeats
 * until the ideas run out, one rest day at most) and departure. Each riding day says how it is
 * ridden, in the words of the tour's pace.
 */
export function tourProgramme(random: Random, facts: TextFacts, days: number): ProgrammeDay[] {
  const paces = cycle(random, days > 1 ? facts.pace.dayPace : facts.pace.oneDay.dayPace);
  const write = (day: DayTemplate, kind: ProgrammeDayKind): ProgrammeDay => {
    const what = fill(day.description, placeholders(facts));
    return {
      title: fill(day.text, placeholders(facts)),
      description: day.short ? what : `${what} ${paces.next().value}`,
      kind,
    };
  };
  if (days <= 1) return [write(ONE_DAY, 'one-day')];
  const candidates = MIDDLE_DAYS.filter(fits(facts));
  // A day off only on longer rides, and no more than one.
  const restAllowed = days >= 5;
  const middle: DayTemplate[] = [];
  let restTaken = false;
  const ideas = cycle(random, candidates);
  while (middle.length < days - 2) {
    const day = ideas.next().value;
    if (day.rest && (!restAllowed || restTaken)) continue;
    restTaken ||= day.rest === true;
    middle.push(day);
  }
  return [
    write(FIRST_DAY, 'arrival'),
    ...middle.map((day) => write(day, day.rest ? 'rest' : 'ride')),
    write(LAST_DAY, 'departure'),
  ];
}

/**
 * `count` questions with answers: the riding level first, then others in a random order, each
 * answered from the tour's own requirements where it speaks of them.
 */
export function tourFaq(
  random: Random,
  facts: TourAnswerFacts,
  count: number,
): [question: string, answer: string][] {
  const answer = ([question, text]: (typeof QUESTIONS)[number]): [string, string] => [
    question,
    typeof text === 'string' ? text : text(facts),
  ];
  const others = QUESTIONS.filter(([question]) => question !== LEVEL_QUESTION);
  return [[LEVEL_QUESTION, facts.levelAnswer], ...random.sample(others, count - 1).map(answer)];
}
