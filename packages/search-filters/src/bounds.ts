import { RIDER_WEIGHT_KG } from '@gallop/rider-fit';

/**
 * What the API accepts in a search (its contract's bounds): a value beyond them is a 400 there,
 * which a page would show as an error. The readers keep every filter within them, so a link
 * typed by hand, however odd, still opens a search.
 */
export const QUERY_BOUNDS = {
  /** Ids are PostgreSQL integers: a larger one names nothing. */
  maxId: 2_147_483_647,
  /** Values of one list filter (ids). */
  listItems: 200,
  /** Values of the languages filter, and the length of one. */
  languages: 50,
  languageLength: 16,
  /** A slug or a place name. */
  textLength: 255,
  /** Riders in a group, and travellers in a cruise cabin. */
  maxGroupSize: 1000,
  cabinsCapacity: 100,
  /** Kilometres around a point. */
  radiusMax: 1000,
  /**
   * Hours in the saddle on a tour's longest day (`maxHours`), in half hours; tours ride 12 at
   * most, so 12 restricts nothing.
   */
  hoursMin: 1,
  hoursMax: 12,
  /** A rider's weight in kilograms with clothing (`riderWeight`, the rider passport's limits). */
  riderWeightMin: RIDER_WEIGHT_KG.min,
  riderWeightMax: RIDER_WEIGHT_KG.max,
  /** Result pages. */
  pageMax: 10_000,
} as const;
