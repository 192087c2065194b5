/**
 * Tours in price order (price ascending, id ascending on ties), the order the price sorts use:
 * the open listing's price sort and the price ladder (decision 049) are built with it.
 */
import { sortSteps, chunked, type Steps } from './steps';
import { PACKED_ID_LIMIT, type TourIndex } from './tour-index';

/** `tours` (positions) sorted by `price[tour]`, then by tour id, in steps (`steps.ts`). */
export function* positionsByPrice(
  index: TourIndex,
  tours: Int32Array,
  price: Int32Array,
): Steps<Int32Array> {
  const { ids } = index;
  if (index.maxId >= PACKED_ID_LIMIT) {
    return Int32Array.from(tours).sort((a, b) => price[a]! - price[b]! || ids[a]! - ids[b]!);
  }
  // Price and id packed into one number: sorted without a comparator, then back from id to
  // position.
  const positionOfId = new Int32Array(index.maxId + 1);
  const keys = new Float64Array(tours.length);
  yield* chunked(tours.length, (from, to) => {
    for (let n = from; n < to; n += 1) {
      const tour = tours[n]!;
      positionOfId[ids[tour]!] = tour;
      keys[n] = price[tour]! * PACKED_ID_LIMIT + ids[tour]!;
    }
  });
  yield* sortSteps(keys);
  const positions = new Int32Array(keys.length);
  yield* chunked(keys.length, (from, to) => {
    for (let n = from; n < to; n += 1) {
      positions[n] = positionOfId[keys[n]! % PACKED_ID_LIMIT]!;
    }
  });
  return positions;
}
