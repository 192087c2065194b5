import { toursSearch, type ToursSearch } from '../../lib/tours-search';

// The search page's address is shared with other features (favourites offer similar tours).
export { ALL_TOURS_SLUG, toursSearch, type ToursSearch } from '../../lib/tours-search';

/** The filter field of each place kind (spec: direction kinds). */
const PLACE_FIELDS = { country: 'countries', region: 'regions', city: 'cities' } as const;

/** The search for tours in one country, region or city. */
export function placeSearch(kind: keyof typeof PLACE_FIELDS, id: number): ToursSearch {
  return toursSearch({ [PLACE_FIELDS[kind]]: [id] });
}

/** The weather page of a destination (docs/product.md, Routes: `/{slug*}/climate-and-weather`). */
export const weatherPath = (slug: string) => `/${slug}/climate-and-weather`;
