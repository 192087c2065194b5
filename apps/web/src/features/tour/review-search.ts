/**
 * The tour page's review view in the address (decision 115): `?reviewLevel=novice&reviewRating=4
 * &reviewSort=highest` shows the reviews of novice riders rated 4 or more, highest first. The
 * defaults (every level, every rating, newest first) are left out. `/{slug}` checks it in its
 * component, not in its `validateSearch`: that one is the search page's and ships in every page's
 * first load, whose budget this check did not fit (decision 115).
 */
import { RIDER_LEVELS, type RiderLevel } from '@gallop/rider-fit';

/** A list's order: newest first (the default), highest or lowest rating first. */
export type ReviewSortValue = 'newest' | 'highest' | 'lowest';

/** The lowest ratings a visitor can ask for: 1 would be every review. */
export const REVIEW_MIN_RATINGS = [2, 3, 4, 5] as const;

export interface ReviewSearch {
  reviewLevel?: RiderLevel | undefined;
  reviewRating?: number | undefined;
  reviewSort?: Exclude<ReviewSortValue, 'newest'> | undefined;
}

/** Each field of the view and the values it takes. */
const REVIEW_VALUES: Record<keyof ReviewSearch, readonly unknown[]> = {
  reviewLevel: RIDER_LEVELS,
  reviewRating: REVIEW_MIN_RATINGS,
  reviewSort: ['highest', 'lowest'],
};

/**
 * The tour page's review view from its address, checked like the routes' `validateSearch`: anything
 * in, the valid view out; a field absent or invalid is undefined (the default).
 */
export function validateReviewSearch(search: Readonly<Record<string, unknown>>): ReviewSearch {
  return Object.fromEntries(
    Object.entries(REVIEW_VALUES).map(([field, values]) => [
      field,
      values.includes(search[field]) ? search[field] : undefined,
    ]),
  ) as ReviewSearch;
}
