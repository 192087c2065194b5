import type { LandscapeName } from '@gallop/api/src/modules/media/index.ts';
import type { RegionFeature } from './data/world.ts';
import type { Random } from '@gallop/api/src/shared/random.ts';
import type { RidingPace } from './riding-pace.ts';

export type TourKind = 'tour' | 'excursion' | 'cruise';

/**
 * What the texts of one tour may speak of: the facts the generator already drew (place, kind,
 * length, pace, lodging). A text is written only when these facts allow it.
 */
export interface TextFacts {
  kind: TourKind;
  country: string;
  /** ISO code of the country (guides' names follow it). */
  countryIso: string;
  region: string;
  /** The landscape of the tour's region (its pictures are drawn in it). */
  landscape: LandscapeName;
  /** Features of every region the tour rides through. */
  features: ReadonlySet<RegionFeature>;
  coast: boolean;
  city: string;
  /** A beach to ride on starts at the start city. */
  cityBeach: boolean;
  /** The second city of the route, when there is one. */
  city2: string | undefined;
  /** The route runs from one port to another (a cruise can sail it). */
  portToPort: boolean;
  showplace: string;
  water: { name: string; kind: 'river' | 'lake' | 'sea' } | undefined;
  duration: number;
  pace: RidingPace;
  accommodation: string;
  comfort: string;
  minAge: number;
}

/** A condition on the facts: where a text may be used. */
export type When = (facts: TextFacts) => boolean;

export interface Template {
  text: string;
  when?: When;
}

/** The region has every one of these features. */
export const has =
  (...features: RegionFeature[]): When =>
  (facts) =>
    features.every((feature) => facts.features.has(feature));

/** The region has at least one of these features. */
export const hasAny =
  (...features: RegionFeature[]): When =>
  (facts) =>
    features.some((feature) => facts.features.has(feature));

/** The riding level lies between `min` and `max` (1 easy to 4 extreme). */
export const level =
  (min: number, max = 4): When =>
  (facts) =>
    facts.pace.difficulty >= min && facts.pace.difficulty <= max;

export const kindIs =
  (...kinds: TourKind[]): When =>
  (facts) =>
    kinds.includes(facts.kind);

export const all =
  (...conditions: When[]): When =>
  (facts) =>
    conditions.every((condition) => condition(facts));

export const fits = (facts: TextFacts) => (template: Template) => template.when?.(facts) ?? true;

/** Replaces `{key}` placeholders; an unknown key is a bug in a template, not a text to show. */
export function fill(template: string, values: Readonly<Record<string, string | undefined>>) {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`No value for {${key}} in "${template}"`);
    return value;
  });
}

/** The placeholders every tour text may use. */
export function placeholders(facts: TextFacts): Record<string, string | undefined> {
  return {
    region: facts.region,
    country: facts.country,
    showplace: facts.showplace,
    city: facts.city,
    city2: facts.city2,
    water: facts.water?.name,
    days: `${facts.duration} days`,
  };
}

/** One of the templates that fit the facts, filled in. */
export function pickFitting(
  random: Random,
  templates: readonly Template[],
  facts: TextFacts,
): string {
  return fill(random.pick(templates.filter(fits(facts))).text, placeholders(facts));
}
