/**
 * A rider's weight in kilograms with clothing, as the passport, the search's `riderWeight` and
 * every booking form accept it: one range, so a passport always fills a booking it fits. A module
 * of its own: the search's URL readers (in a page's first load) need this alone.
 */
export const RIDER_WEIGHT_KG = { min: 20, max: 200 } as const;
