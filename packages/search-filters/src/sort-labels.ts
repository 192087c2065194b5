/**
 * The sorts' names as the site writes them. A module of its own: the sort values are read in
 * every page's first load (the search address), the names only where the sort control shows.
 */
import type { Sort } from './constants';

export const SORT_LABELS: Readonly<Record<Sort, string>> = {
  default: 'Recommended',
  price: 'Cheapest first',
  '-price': 'Most expensive first',
  fit: 'Fits me first',
};
