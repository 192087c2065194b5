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
import { FILTER_LIMITS } from '@gallop/search-filters';
import { keptStructure } from './segment-structures';
import { chunked, type Steps } from './steps';
import type { DateBounds } from './query-index';
import type { TourIndex } from './tour-index';

export const PERIOD_DAYS = 14;
/** Fortnights with a bit of their own: bits 0–30 of the low word and 0–30 of the high word. */
export const PERIODS = 62;
/** The high word's bit for any start day after the last fortnight. */
const LATER = 1 << 31;
/** Slots per tour: the low and high words of its fortnights, its shortest and longest dates. */
const MASK_STRIDE = 3;
const LOW = 0;
const HIGH = 1;
const DAYS = 2;

export interface PeriodMasks {
  origin: number;
  /** Per tour `t`, slots `[t * MASK_STRIDE, (t + 1) * MASK_STRIDE)`. */
  masks: Int32Array;
  /**
   * The same, by fortnight (decision 080): per fortnight `p < PERIODS`, and last for any later
   * day, a bitset over tour positions of the tours with a date starting in it (undefined: none).
   * A window's tours are the union of its fortnights' (`windowTourBits`), read without touching
   * a tour.
   */
  fortnightTours: (Int32Array | undefined)[];
  /**
   * Per duration `d` from 1 to `DURATION_BITS`, the tours whose every date lasts at least `d`
   * days; `longestAtMost[d]` (0 to `DURATION_BITS`), those whose every date lasts at most `d`. With
   * a window's inside fortnights they prove a tour as `windowDecides` does (`windowProofBits`).
   */
  shortestAtLeast: Int32Array[];
  longestAtMost: Int32Array[];
}

/** Durations with bitsets of their own: the duration filter's bounds (0–20 days). */
const DURATION_BITS = FILTER_LIMITS.daysMax;

/** Bitset words over the positions of `index`. */
const wordsOf = (index: TourIndex) => Math.ceil(index.size / 32);

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
  const fortnightTours: (Int32Array | undefined)[] = Array.from(
    { length: PERIODS + 1 },
    () => undefined,
  );
  const addTour = (slot: number, tour: number) => {
    const bits = (fortnightTours[slot] ??= new Int32Array(wordsOf(index)));
    bits[tour >>> 5]! |= 1 << (tour & 31);
  };
  const byDuration = () =>
    Array.from({ length: DURATION_BITS + 1 }, () => new Int32Array(wordsOf(index)));
  const shortestAtLeast = byDuration();
  const longestAtMost = byDuration();
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
      if (low === 0 && high === 0) continue;
      const word = tour >>> 5;
      const bit = 1 << (tour & 31);
      for (let days = 1; days <= Math.min(shortest, DURATION_BITS); days += 1) {
        shortestAtLeast[days]![word]! |= bit;
      }
      for (let days = Math.max(longest, 0); days <= DURATION_BITS; days += 1) {
        longestAtMost[days]![word]! |= bit;
      }
      for (let bits = low; bits !== 0; bits &= bits - 1) {
        addTour(31 - Math.clz32(bits & -bits), tour);
      }
      // The high word's bits 0–30 are fortnights 31–61, its bit 31 (LATER) the last slot.
      for (let bits = high; bits !== 0; bits &= bits - 1) {
        addTour(31 + 31 - Math.clz32(bits & -bits), tour);
      }
    }
  });
  return { origin, masks, fortnightTours, shortestAtLeast, longestAtMost };
}

/** What a query's date window asks of the masks (`windowMaskOf`). */
export interface WindowMask extends WindowFortnights {
  daysMin: number;
  daysMax: number;
}

/** The fortnights a date window touches, and those inside it, as mask words. */
export interface WindowFortnights {
  /** The fortnights the window touches: a tour with no date in them has none in the window. */
  anyLow: number;
  anyHigh: number;
  /** The fortnights inside the window: a date there is in it. */
  insideLow: number;
  insideHigh: number;
}

/** The fortnights of `bounds`' window, or undefined when it sets no window. */
export function windowFortnights(
  masks: Pick<PeriodMasks, 'origin'>,
  bounds: Pick<DateBounds, 'fromDay' | 'toDay'>,
): WindowFortnights | undefined {
  if (bounds.fromDay === -Infinity && bounds.toDay === Infinity) return undefined;
  const fortnights: WindowFortnights = { anyLow: 0, anyHigh: 0, insideLow: 0, insideHigh: 0 };
  for (let period = 0; period < PERIODS; period += 1) {
    const first = masks.origin + period * PERIOD_DAYS;
    const last = first + PERIOD_DAYS - 1;
    if (last < bounds.fromDay || first > bounds.toDay) continue;
    const inside = first >= bounds.fromDay && last <= bounds.toDay;
    if (period < 31) {
      fortnights.anyLow |= 1 << period;
      if (inside) fortnights.insideLow |= 1 << period;
    } else {
      fortnights.anyHigh |= 1 << (period - 31);
      if (inside) fortnights.insideHigh |= 1 << (period - 31);
    }
  }
  // Days after the last fortnight share one bit: it may hold a date in the window, never proves.
  if (bounds.toDay >= masks.origin + PERIODS * PERIOD_DAYS) fortnights.anyHigh |= LATER;
  return fortnights;
}

/**
 * The window mask of `bounds`, or undefined when the masks cannot decide: no window, or a price
 * or price-per-day bound (a date must then be read for its price).
 */
export function windowMaskOf(masks: PeriodMasks, bounds: DateBounds): WindowMask | undefined {
  if (!bounds.any) return undefined;
  if (bounds.priceMin !== -Infinity || bounds.priceMax !== Infinity) return undefined;
  if (bounds.perDayMin !== -Infinity || bounds.perDayMax !== Infinity) return undefined;
  const fortnights = windowFortnights(masks, bounds);
  if (!fortnights) return undefined;
  return { ...fortnights, daysMin: bounds.daysMin, daysMax: bounds.daysMax };
}

/** Window bitsets kept per index, by what they join: windows repeat (month pickers). */
const KEPT_WINDOWS = 64;
const keptWindows = new WeakMap<PeriodMasks, Map<string, Int32Array>>();

/** The bitset kept under `key`, or the one `make` makes, kept (the least recently used dropped). */
function keptWindow(masks: PeriodMasks, key: string, make: () => Int32Array): Int32Array {
  let kept = keptWindows.get(masks);
  if (!kept) keptWindows.set(masks, (kept = new Map()));
  const found = kept.get(key);
  if (found) {
    // Most recently used last: the first entry is the one to drop.
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const made = make();
  if (kept.size >= KEPT_WINDOWS) kept.delete(kept.keys().next().value!);
  kept.set(key, made);
  return made;
}

/** The union of the bitsets of the fortnights set in `low` and `high` (mask words). */
function fortnightUnion(index: TourIndex, masks: PeriodMasks, low: number, high: number) {
  const bits = new Int32Array(wordsOf(index));
  for (let slot = 0; slot <= PERIODS; slot += 1) {
    const touched = slot < 31 ? (low & (1 << slot)) !== 0 : (high & (1 << (slot - 31))) !== 0;
    const tours = masks.fortnightTours[slot];
    if (!touched || !tours) continue;
    for (let word = 0; word < bits.length; word += 1) bits[word]! |= tours[word]!;
  }
  return bits;
}

/**
 * The tours with a date starting in a fortnight the window touches, as a bitset over positions:
 * every tour with a date in the window is among them (a superset: a touched fortnight may hold
 * days outside the window). The union of a few fortnights' bitsets, kept for the next search
 * with the same fortnights.
 */
export function windowTourBits(
  index: TourIndex,
  masks: PeriodMasks,
  fortnights: Pick<WindowFortnights, 'anyLow' | 'anyHigh'>,
): Int32Array {
  const { anyLow, anyHigh } = fortnights;
  return keptWindow(masks, `${anyLow}:${anyHigh}`, () =>
    fortnightUnion(index, masks, anyLow, anyHigh),
  );
}

/**
 * The tours `windowDecides` proves (`HAS_DATE`), as a bitset: a date in a fortnight inside the
 * window and every duration in range. Undefined when the window holds no whole fortnight or a
 * duration bound has no bitset (the masks then decide, tour by tour).
 */
export function windowProofBits(
  index: TourIndex,
  masks: PeriodMasks,
  window: WindowMask,
): Int32Array | undefined {
  const { insideLow, insideHigh, daysMin, daysMax } = window;
  if (insideLow === 0 && insideHigh === 0) return undefined;
  // A bound every tour meets needs no bitset; one without a bitset of its own leaves it to the masks.
  const fromDays = daysMin <= 0 ? undefined : daysMin;
  const toDays = daysMax === Infinity ? undefined : daysMax;
  const atLeast = fromDays === undefined ? undefined : masks.shortestAtLeast[fromDays];
  const atMost = toDays === undefined ? undefined : masks.longestAtMost[toDays];
  if ((fromDays !== undefined && !atLeast) || (toDays !== undefined && !atMost)) return undefined;
  return keptWindow(masks, `${insideLow}:${insideHigh}:${fromDays}:${toDays}`, () => {
    const bits = fortnightUnion(index, masks, insideLow, insideHigh);
    for (let word = 0; word < bits.length; word += 1) {
      if (atLeast) bits[word]! &= atLeast[word]!;
      if (atMost) bits[word]! &= atMost[word]!;
    }
    return bits;
  });
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
