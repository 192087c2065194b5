/**
 * "Fits me first" (`sort: 'fit'`, issue 46, decision 109): the matches in the default order,
 * regrouped by how the visitor's rider passport fits each tour: the tours it fits, then the
 * stretches, then those not suitable, each group keeping the default order.
 *
 * The verdict is `matchRider` of `@gallop/rider-fit` itself, the function cards call, over what
 * the index holds of a tour's requirements (level, longest day, tacks, both weight limits) and
 * whether a heavier-horse place is free on a date the card considers: a bookable date within the
 * search's date bounds, as `heavy_places_free` of a card counts it (scope `any-date`). No age: a
 * passport has none. `matchRider`'s verdict is the worst of its reasons and each reason reads one
 * field, so a tour's verdict is the worse of two: `matchRider` over the passport without its
 * weight (level, hours, tack), and over the weight alone (both limits, a place free). Each is
 * asked once per distinct requirement, and a tour's result is kept per passport and index
 * (`PassportRanks`), so a tour costs a byte read, not a call (nor the texts of its reasons).
 */
import {
  FIT_VERDICTS,
  RIDER_LEVELS,
  TACKS,
  matchRider,
  passportProfile,
  passportToCookie,
  readPassport,
  type RiderPassport,
  type RiderProfile,
  type RidingRequirements,
  type Tack,
} from '@gallop/rider-fit';
import type { DateBounds } from './query-index';
import { keptStructure } from './segment-structures';
import { chunked, type Steps } from './steps';
import { HEAVY_NONE, type TourIndex } from './tour-index';

/** A verdict's place in the order: 0 fits, 1 a stretch, 2 not suitable (`FIT_VERDICTS`). */
type FitRank = 0 | 1 | 2;

export interface FitOrder {
  /** The verdict of the tour at `position`, as its rank in `FIT_VERDICTS`. */
  rankOf(position: number): FitRank;
  /**
   * The ids of one page of `matches` (positions in the default order) reordered fits first:
   * `limit` from `offset`. Stops reading once the fitting tours alone fill the page.
   */
  page(matches: Int32Array, offset: number, limit: number): number[];
  /**
   * The same of matches given as ids (in the default order). With `firstOnly`, `matches` are only
   * the first ones: the page when their fitting tours alone fill it, else undefined.
   */
  pageOfIds(
    matches: readonly number[],
    offset: number,
    limit: number,
    firstOnly?: boolean,
  ): number[] | undefined;
}

/** Each tour's position by its id (4 bytes per id up to the largest; only the index's ids are asked). */
const positionsOfIds = keptStructure(function* (index: TourIndex): Steps<Int32Array> {
  const positions = new Int32Array(index.maxId + 1);
  yield* chunked(index.size, (from, to) => {
    for (let tour = from; tour < to; tour += 1) positions[index.ids[tour]!] = tour;
  });
  return positions;
});

/** Builds the ids' positions in steps (`prepareIndex`, before the index serves). */
export const positionOfIdSteps = (index: TourIndex) => positionsOfIds.steps(index);

/** The position of tour `id` in `index`, -1 when the index does not hold it. */
export function positionOfId(index: TourIndex, id: number): number {
  if (!Number.isInteger(id) || id < 0 || id > index.maxId || index.size === 0) return -1;
  const position = positionsOfIds.of(index)[id]!;
  // Ids the index does not hold read 0: the tour there has another id.
  return index.ids[position] === id ? position : -1;
}

/** `TourIndex.tacks` as one code: a tack's position in `TACKS`, any tack, or none known. */
const ANY_TACK = TACKS.length;
const NO_TACK = TACKS.length + 1;

/** A tour's ranks not worked out yet for a passport (`PassportRanks.ranks`). */
const UNKNOWN = 0xff;

/**
 * One passport's verdicts over one index, worked out tour by tour as searches meet them and kept
 * for the passport's next searches (a visitor pages, changes a filter, comes back). Per tour one
 * byte: the rank when a heavier-horse place is free on a date the search considers (low two
 * bits) and when none is (the next two); the same rank twice unless the rider needs such a place.
 */
interface PassportRanks {
  rankOf(tour: number): number;
}

/**
 * Kept passports per index, least recently used first: at most this many bytes of ranks (a byte
 * per tour and passport: 335 passports at 100k tours, 33 at a million), and at least 4.
 */
const KEPT_RANKS_BYTES = 32 * 2 ** 20;
const keptRanks = new WeakMap<TourIndex, Map<string, PassportRanks>>();

function ranksFor(index: TourIndex, passport: RiderPassport): PassportRanks {
  const key = passportToCookie(passport);
  let kept = keptRanks.get(index);
  if (!kept) keptRanks.set(index, (kept = new Map()));
  let found = kept.get(key);
  if (found) {
    // The most recently used last.
    kept.delete(key);
  } else {
    found = workOutRanks(index, passport);
    const most = Math.max(4, Math.floor(KEPT_RANKS_BYTES / Math.max(1, index.size)));
    if (kept.size >= most) kept.delete(kept.keys().next().value!);
  }
  kept.set(key, found);
  return found;
}

/**
 * The ranks of `passport` over `index`, every tour `UNKNOWN` until asked: `matchRider` over the
 * passport without its weight (level, hours, tack) once per distinct level, half hours and tack,
 * and over the weight alone once per pair of weight limits, a place free or not; a tour's rank
 * is the worse of the two, as `matchRider`'s verdict is the worst of its reasons.
 */
function workOutRanks(index: TourIndex, passport: RiderPassport): PassportRanks {
  const { weightKg, ...riding } = passportProfile(passport);
  const withoutWeight: RiderProfile = riding;
  const weightAlone: RiderProfile = { weightKg };
  const { riderLevel, halfHoursLongestDay, tacks, maxRiderWeight, heavyRiderWeight } = index;
  const ranks = new Uint8Array(index.size).fill(UNKNOWN);
  const ridingRanks = new Map<number, number>();
  const weightRanks = new Map<number, number>();
  const requirements: RidingRequirements = {
    level: 'beginner',
    hoursLongestDay: 0,
    tack: 'english',
    otherTackOnRequest: false,
    maxRiderWeightKg: 0,
    heavyRiderWeightKg: 0,
    minRidingAge: 0,
    maxRidingAge: null,
  };
  const rankOfFit = (rider: RiderProfile, free: number) =>
    FIT_VERDICTS.indexOf(matchRider(rider, requirements, { free, scope: 'any-date' }).verdict);

  function tackCode(tour: number): number {
    const from = tacks.offsets[tour]!;
    const count = tacks.offsets[tour + 1]! - from;
    // A tour holds its own tack, or every tack when another is saddled on request.
    if (count === 1) return tacks.values[from]!;
    return count === TACKS.length ? ANY_TACK : NO_TACK;
  }

  /** `matchRider` over the passport without its weight: level, longest day, tack. */
  function ridingRank(tour: number): number {
    const level = Math.min(Math.max(riderLevel[tour]!, 0), RIDER_LEVELS.length - 1);
    const halfHours = halfHoursLongestDay[tour]!;
    const tack = tackCode(tour);
    const key = (halfHours * 8 + level) * 8 + tack;
    let rank = ridingRanks.get(key);
    if (rank === undefined) {
      requirements.level = RIDER_LEVELS[level]!;
      // Half hours rounded up: for a passport's half hour h, hours ≤ h ⇔ ceil(2 × hours) / 2 ≤ h.
      requirements.hoursLongestDay = halfHours / 2;
      // Saddled in any tack on request, its own tack decides nothing; a tack the index does not
      // know (none in the database's) is another than the rider's, as SQL's `<>` says.
      requirements.otherTackOnRequest = tack === ANY_TACK;
      requirements.tack =
        tack < TACKS.length ? TACKS[tack]! : tack === ANY_TACK ? TACKS[0] : ('' as Tack);
      rank = rankOfFit(withoutWeight, 1);
      ridingRanks.set(key, rank);
    }
    return rank;
  }

  /** `matchRider` over the weight alone, a place free (low two bits) and none (the next two). */
  function weightRanksOf(tour: number): number {
    if (weightKg === undefined) return 0;
    const maxWeight = maxRiderWeight[tour]!;
    const heavyWeight = heavyRiderWeight[tour]!;
    const key = (maxWeight + 32_768) * 65_536 + (heavyWeight + 32_768);
    let both = weightRanks.get(key);
    if (both === undefined) {
      requirements.maxRiderWeightKg = maxWeight;
      requirements.heavyRiderWeightKg = heavyWeight;
      both = rankOfFit(weightAlone, 1) | (rankOfFit(weightAlone, 0) << 2);
      weightRanks.set(key, both);
    }
    return both;
  }

  return {
    rankOf(tour) {
      let both = ranks[tour]!;
      if (both === UNKNOWN) {
        const riding = ridingRank(tour);
        const weight = weightRanksOf(tour);
        both = Math.max(riding, weight & 3) | (Math.max(riding, weight >> 2) << 2);
        ranks[tour] = both;
      }
      return both;
    },
  };
}

/**
 * The order for `passport` over `index`, with heavier-horse places counted within `bounds`;
 * undefined when the passport does not read (`readPassport`: no valid level), which leaves the
 * default order.
 */
export function fitOrderOf(
  index: TourIndex,
  bounds: DateBounds,
  passport: RiderPassport | null | undefined,
): FitOrder | undefined {
  // Read again: hours on the half-hour grid (the index keeps half hours), weight to a tenth.
  const read = passport ? readPassport(passport) : null;
  if (!read) return undefined;
  const kept = ranksFor(index, read);

  /** Whether a bookable date within the bounds has a heavier-horse place free. */
  function heavyFree(tour: number): boolean {
    if (index.heavyDates[tour] === HEAVY_NONE) return false;
    if (!bounds.any) return true;
    const { startDay, duration, priceUsd, pricePerDayUsd, heavyFree: free } = index.dates;
    const end = index.dateOffsets[tour + 1]!;
    for (let d = index.dateOffsets[tour]!; d < end; d += 1) {
      if (
        free[d] === 1 &&
        startDay[d]! >= bounds.fromDay &&
        startDay[d]! <= bounds.toDay &&
        duration[d]! >= bounds.daysMin &&
        duration[d]! <= bounds.daysMax &&
        priceUsd[d]! >= bounds.priceMin &&
        priceUsd[d]! <= bounds.priceMax &&
        pricePerDayUsd[d]! >= bounds.perDayMin &&
        pricePerDayUsd[d]! <= bounds.perDayMax
      ) {
        return true;
      }
    }
    return false;
  }

  function rankOf(tour: number): FitRank {
    const both = kept.rankOf(tour);
    const withPlace = both & 3;
    const withoutPlace = both >> 2;
    // The tour's dates are read only when a place free would change the verdict.
    if (withPlace === withoutPlace) return withPlace as FitRank;
    return (heavyFree(tour) ? withPlace : withoutPlace) as FitRank;
  }

  /**
   * The page of `count` matches, the `n`th at position `positionAt(n)` (see `FitOrder.page`);
   * with `firstOnly`, undefined unless the fitting tours alone fill it.
   */
  function page(
    count: number,
    positionAt: (n: number) => number,
    offset: number,
    limit: number,
    firstOnly = false,
  ): number[] | undefined {
    const wanted = offset + limit;
    const groups: [number[], number[], number[]] = [[], [], []];
    for (let n = 0; n < count; n += 1) {
      const tour = positionAt(n);
      const rank = rankOf(tour);
      const group = groups[rank];
      if (group.length < wanted) group.push(tour);
      // The page lies among the fitting tours: nothing after them can come before.
      if (rank === 0 && group.length >= wanted) break;
    }
    if (firstOnly && groups[0].length < wanted) return undefined;
    const ids = index.ids;
    return [...groups[0], ...groups[1], ...groups[2]]
      .slice(offset, wanted)
      .map((tour) => ids[tour]!);
  }

  return {
    rankOf,
    page: (matches, offset, limit) => page(matches.length, (n) => matches[n]!, offset, limit)!,
    pageOfIds(matches, offset, limit, firstOnly) {
      const positions = positionsOfIds.of(index);
      return page(matches.length, (n) => positions[matches[n]!]!, offset, limit, firstOnly);
    },
  };
}
