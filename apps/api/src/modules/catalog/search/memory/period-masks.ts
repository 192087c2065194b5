/**
 * Which fortnights each tour has a bookable date starting in, and the shortest and longest of its
 * dates, in three numbers per tour (decision 075). A date window with a duration range often
 * decides a tour from these alone: no date in a fortnight the window touches rules it out, and a
 * date in a fortnight inside the window, with every duration of the tour in range, proves it. The
 * walk then reads neither the tour's record nor its dates, scattered over the index: at a million
 * tours those two reads were most of a walked search's time.
 *
 * Fortnight `p` holds the days `[origin + 14p, origin + 14p + 13]`, `origin` being the index's
 * first bookable start day; 62 fortnights (about 29 months) get a bit each, and one more bit
 * stands for any later day.
 */
import { keptStructure } from './segment-structures.ts';
import { chunked, type Steps } from './steps.ts';
import type { DateBounds } from './query-index.ts';
import type { TourIndex } from './tour-index.ts';

export const PERIOD_DAYS = 14;
/** Fortnights with a bit of their own: bits 0–30 of the low word and 0–30 of the high word. */
export const PERIODS = 62;
/** The high word's bit for any start day after the last fortnight. */
const LATER = 1 << 31;
/** Slots per tour: the low and high words of its fortnights, its shortest and longest dates. */
export const MASK_STRIDE = 3;
const LOW = 0;
const HIGH = 1;
const DAYS = 2;

export interface PeriodMasks {
  origin: number;
  /** Per tour `t`, slots `[t * MASK_STRIDE, (t + 1) * MASK_STRIDE)`. */
  masks: Int32Array;
}

const masksOfIndex = keptStructure(buildMasks);

/** The masks of `index`, built on first use (the preparation builds them before it serves). */
export const periodMasksOf = masksOfIndex.of;

/** Builds and keeps the masks of `index` in steps (`steps.ts`). */
export const periodMaskSteps = masksOfIndex.steps;

function* buildMasks(index: TourIndex): Steps<PeriodMasks> {
  const { startDay, duration } = index.dates;
  let origin = Infinity;
  for (let d = 0; d < startDay.length; d += 1) if (startDay[d]! < origin) origin = startDay[d]!;
  if (origin === Infinity) origin = 0;
  const masks = new Int32Array(index.size * MASK_STRIDE);
  const { dateOffsets } = index;
  yield* chunked(index.size, (from, to) => {
    for (let tour = from; tour < to; tour += 1) {
      let low = 0;
      let high = 0;
      let shortest = 0xffff;
      let longest = 0;
      for (let d = dateOffsets[tour]!; d < dateOffsets[tour + 1]!; d += 1) {
        const period = Math.floor((startDay[d]! - origin) / PERIOD_DAYS);
        if (period < 31) low |= 1 << period;
        else if (period < PERIODS) high |= 1 << (period - 31);
        else high |= LATER;
        const days = duration[d]!;
        if (days < shortest) shortest = days;
        if (days > longest) longest = days;
      }
      const at = tour * MASK_STRIDE;
      masks[at + LOW] = low;
      masks[at + HIGH] = high;
      masks[at + DAYS] = Math.min(shortest, 0xffff) | (Math.min(longest, 0x7fff) << 16);
    }
  });
  return { origin, masks };
}

/** What a query's date window asks of the masks (`windowMaskOf`). */
export interface WindowMask {
  /** The fortnights the window touches: a tour with no date in them has none in the window. */
  anyLow: number;
  anyHigh: number;
  /** The fortnights inside the window: a date there is in it. */
  insideLow: number;
  insideHigh: number;
  daysMin: number;
  daysMax: number;
}

/**
 * The window mask of `bounds`, or undefined when the masks cannot decide: no window, or a price
 * or price-per-day bound (a date must then be read for its price).
 */
export function windowMaskOf(masks: PeriodMasks, bounds: DateBounds): WindowMask | undefined {
  if (!bounds.any) return undefined;
  if (bounds.fromDay === -Infinity && bounds.toDay === Infinity) return undefined;
  if (bounds.priceMin !== -Infinity || bounds.priceMax !== Infinity) return undefined;
  if (bounds.perDayMin !== -Infinity || bounds.perDayMax !== Infinity) return undefined;
  const window: WindowMask = {
    anyLow: 0,
    anyHigh: 0,
    insideLow: 0,
    insideHigh: 0,
    daysMin: bounds.daysMin,
    daysMax: bounds.daysMax,
  };
  for (let period = 0; period < PERIODS; period += 1) {
    const first = masks.origin + period * PERIOD_DAYS;
    const last = first + PERIOD_DAYS - 1;
    if (last < bounds.fromDay || first > bounds.toDay) continue;
    const inside = first >= bounds.fromDay && last <= bounds.toDay;
    if (period < 31) {
      window.anyLow |= 1 << period;
      if (inside) window.insideLow |= 1 << period;
    } else {
      window.anyHigh |= 1 << (period - 31);
      if (inside) window.insideHigh |= 1 << (period - 31);
    }
  }
  // Days after the last fortnight share one bit: it may hold a date in the window, never proves.
  if (bounds.toDay >= masks.origin + PERIODS * PERIOD_DAYS) window.anyHigh |= LATER;
  return window;
}

/** `windowDecides`' answers. */
export const UNDECIDED = 0;
export const NO_DATE = 1;
export const HAS_DATE = 2;

/**
 * Whether tour `tour` has a date in the window with its duration in range, from its masks alone:
 * `NO_DATE`, `HAS_DATE`, or `UNDECIDED` (its dates must be read).
 */
export function windowDecides(masks: Int32Array, tour: number, window: WindowMask): number {
  const at = tour * MASK_STRIDE;
  const low = masks[at + LOW]!;
  const high = masks[at + HIGH]!;
  if ((low & window.anyLow) === 0 && (high & window.anyHigh) === 0) return NO_DATE;
  if ((low & window.insideLow) === 0 && (high & window.insideHigh) === 0) return UNDECIDED;
  const days = masks[at + DAYS]!;
  const shortest = days & 0xffff;
  const longest = days >>> 16;
  return shortest >= window.daysMin && longest <= window.daysMax ? HAS_DATE : UNDECIDED;
}
