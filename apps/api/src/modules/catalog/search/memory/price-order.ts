/**
 * Tours in price order (price ascending, id ascending on ties), the order the price sorts use:
 * the open listing's price sort and the price ladder (decision 049) are built with it.
 */
import { PACKED_ID_LIMIT, type TourIndex } from './tour-index.ts';

/** `tours` (positions) sorted by `price[tour]`, then by tour id. */
export function positionsByPrice(
  index: TourIndex,
  tours: Int32Array,
  price: Int32Array,
): Int32Array {
  const { ids } = index;
  if (index.maxId >= PACKED_ID_LIMIT) {
    return Int32Array.from(tours).sort((a, b) => price[a]! - price[b]! || ids[a]! - ids[b]!);
  }
  // Price and id packed into one number: a native sort without a comparator, then back from id
  // to position.
  const positionOfId = new Int32Array(index.maxId + 1);
  for (const tour of tours) positionOfId[ids[tour]!] = tour;
  const keys = Float64Array.from(tours, (tour) => price[tour]! * PACKED_ID_LIMIT + ids[tour]!);
  keys.sort();
  return Int32Array.from(keys, (key) => positionOfId[key % PACKED_ID_LIMIT]!);
}
