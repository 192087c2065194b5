import {
  ANSWERS,
  FILLERS,
  FIXES,
  GUIDE_NAMES,
  HORSE_NAMES,
  SENTENCES,
  SLOTS,
  toneOf,
  type Slot,
} from './data/review-words.ts';
import type { Random } from '@gallop/api/src/shared/random.ts';
import { fill, fits, placeholders, type TextFacts } from './text-facts.ts';
import { sceneryPhrase } from './tour-texts.ts';

/** How many sentences a review has: short notes and long stories, as on any review site. */
const LENGTHS = [
  [1, 12],
  [2, 22],
  [3, 24],
  [4, 20],
  [5, 14],
  [6, 8],
] as const;

/** How readily a review talks about each thing. */
const SLOT_WEIGHTS: Record<Slot, number> = {
  opening: 3,
  horse: 3,
  guide: 3,
  scenery: 3,
  stay: 2,
  pace: 2,
  company: 1,
  closing: 2,
};

/** The guides of a tour: reviews of the same tour speak of the same people. */
export function tourGuides(random: Random, countryIso: string): string[] {
  const names = GUIDE_NAMES[countryIso] ?? GUIDE_NAMES['GB']!;
  return random.sample(names, random.int(1, 2));
}

/** FNV-1a over the text, twice with different offsets: a 53-bit key for the register. */
function textKey(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x0100019d) >>> 0;
  }
  return a * 2 ** 21 + (b & 0x1fffff);
}

export interface ReviewInput {
  rating: number;
  createdAt: Date;
  /** The tour's guides (`tourGuides`). */
  guides: readonly string[];
}

export interface WrittenReview {
  text: string;
  /** The horse the reviewer rode, for the organizer's answer. */
  horse: string;
  guide: string;
}

/**
 * Composes reviews that differ from every other review in the catalogue: a few sentences in the
 * tone of the rating, about the horse, the guide, the place and the pace, with names. The
 * register keeps a 53-bit key per text written (not the text), so it stays small at a million
 * tours; a repeat is composed again, with one sentence more after a few tries.
 */
export class ReviewWriter {
  private readonly written = new Set<number>();

  write(random: Random, facts: TextFacts, input: ReviewInput): WrittenReview {
    const tone = toneOf(input.rating);
    const horse = random.pick(HORSE_NAMES);
    const guide = random.pick(input.guides);
    const values = this.values(random, facts, input, { horse, guide });
    const slots = SLOTS.filter((slot) => slot !== 'stay' || facts.kind !== 'excursion');
    let length: number = random.weighted(LENGTHS);
    for (let attempt = 1; ; attempt += 1) {
      const chosen = chooseSlots(random, slots, Math.min(length, slots.length));
      const sentences = chosen.flatMap((slot) => {
        const options = SENTENCES[slot][tone].filter(fits(facts));
        return options.length > 0 ? [fill(random.pick(options).text, values)] : [];
      });
      const text = sentences.join(' ');
      const key = textKey(text);
      if (text !== '' && !this.written.has(key)) {
        this.written.add(key);
        return { text, horse, guide };
      }
      if (attempt % 4 === 0) length += 1;
    }
  }

  /** The organizer's public answer: thanks, and what changed when the review was critical. */
  answer(
    random: Random,
    facts: TextFacts,
    review: WrittenReview & { rating: number; authorName: string },
  ): string {
    const author = review.authorName.split(' ')[0] ?? review.authorName;
    const fix = fill(random.pick(FIXES.filter(fits(facts))).text, {});
    return fill(random.pick(ANSWERS[toneOf(review.rating)]), {
      author,
      horse: review.horse,
      guide: review.guide,
      fix,
    });
  }

  private values(
    random: Random,
    facts: TextFacts,
    input: ReviewInput,
    people: { horse: string; guide: string },
  ): Record<string, string | undefined> {
    const [trait, trait2] = random.sample(FILLERS.trait, 2);
    // The ride took place a few weeks before the review was written.
    const rode = new Date(input.createdAt.getTime() - random.int(7, 45) * 86_400_000);
    const daughter = random.chance(0.5);
    const youngest = Math.max(6, facts.minAge);
    return {
      ...placeholders(facts),
      ...people,
      scenery: sceneryPhrase(random, facts.features, random.int(1, 2)),
      month: rode.toLocaleString('en', { month: 'long', timeZone: 'UTC' }),
      trait,
      trait2,
      coat: random.pick(FILLERS.coat),
      weather: random.pick(FILLERS.weather),
      companion: random.pick(FILLERS.companion),
      ordinal: random.pick(FILLERS.ordinal),
      decade: random.pick(FILLERS.decade),
      child: daughter ? 'daughter' : 'son',
      pronoun: daughter ? 'her' : 'his',
      age: String(random.int(youngest, Math.max(youngest, 14))),
    };
  }
}

/** `count` slots chosen by weight, in the order a review tells them. */
function chooseSlots(random: Random, slots: readonly Slot[], count: number): Slot[] {
  const left = [...slots];
  const chosen = new Set<Slot>();
  while (chosen.size < count && left.length > 0) {
    const slot = random.weighted(left.map((candidate) => [candidate, SLOT_WEIGHTS[candidate]]));
    chosen.add(slot);
    left.splice(left.indexOf(slot), 1);
  }
  return slots.filter((slot) => chosen.has(slot));
}
