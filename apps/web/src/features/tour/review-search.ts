/**
 * The tour page's review view in the address (decision 115): `?reviewLevel=novice&reviewRating=4
 * &reviewSort=highest` shows the reviews of novice riders rated 4 or more, highest first. Apart
 * from the tour's API module, so the route tree (first load) carries only this small check.
 * Anything else, like the defaults (every level, every rating, newest first), is left out.
 */
import { isRiderLevel, type RiderLevel } from '@gallop/rider-fit';

export const REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const;
export type ReviewSortValue = (typeof REVIEW_SORTS)[number];

/** The lowest ratings a visitor can ask for: 1 would be every review. */
export const REVIEW_MIN_RATINGS = [2, 3, 4, 5] as const;

export interface ReviewSearch {
  reviewLevel?: RiderLevel;
  reviewRating?: number;
  reviewSort?: Exclude<ReviewSortValue, 'newest'>;
}

/** The address fields this view owns. */
export const REVIEW_SEARCH_FIELDS = ['reviewLevel', 'reviewRating', 'reviewSort'] as const;

/** `validateSearch` part of the tour page: anything in, the valid review view out. */
export function validateReviewSearch(search: Readonly<Record<string, unknown>>): ReviewSearch {
  const view: ReviewSearch = {};
  const level = search['reviewLevel'];
  if (typeof level === 'string' && isRiderLevel(level)) view.reviewLevel = level;
  const rating = Number(search['reviewRating']);
  if ((REVIEW_MIN_RATINGS as readonly number[]).includes(rating)) view.reviewRating = rating;
  const sort = search['reviewSort'];
  if (sort === 'highest' || sort === 'lowest') view.reviewSort = sort;
  return view;
}

/** Whether the view shows other reviews, or in another order, than the tour page brings. */
export function isDefaultReviewView(view: ReviewSearch): boolean {
  return (
    view.reviewLevel === undefined &&
    view.reviewRating === undefined &&
    view.reviewSort === undefined
  );
}
