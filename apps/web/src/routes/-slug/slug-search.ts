import {
  canonicalSearch,
  validateFilterSearch,
  type FilterSearch,
} from '../../features/search/search-url';
import {
  REVIEW_SEARCH_FIELDS,
  validateReviewSearch,
  type ReviewSearch,
} from '../../features/tour/review-search';

/**
 * The search of `/{slug}`: a search page's filters, and a tour page's review view (decision 115).
 * The two features own their parts; the route, which serves both pages, puts them together.
 */
export type SlugSearch = FilterSearch & ReviewSearch;

const REVIEW_FIELDS = new Set<string>(REVIEW_SEARCH_FIELDS);

export function validateSlugSearch(search: Readonly<Record<string, unknown>>): SlugSearch {
  return { ...validateFilterSearch(search), ...validateReviewSearch(search) };
}

/**
 * The search middleware of `/{slug}`: every address the router builds holds the canonical search.
 * The router compares each address it loads with the one it builds, and a search typed by hand
 * (`/iceland?priceMax=999999&page=0`) moves to its canonical form (a redirect on the server), so
 * the address bar shows the search the page runs. Without it the router would keep the typed
 * fields its validation drops, beside the normalised ones. The review view is checked too:
 * `?reviewRating=9` moves to the address without it, as a bad filter does.
 */
export function slugSearchMiddleware<T>({
  search,
  next,
}: {
  search: T;
  next: (search: T) => T;
}): T {
  const canonical = canonicalSearch(next(search) as Record<string, unknown>);
  const others = Object.fromEntries(
    Object.entries(canonical).filter(([field]) => !REVIEW_FIELDS.has(field)),
  );
  return { ...others, ...validateReviewSearch(canonical) } as T;
}
