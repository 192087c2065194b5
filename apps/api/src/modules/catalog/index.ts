/**
 * The catalog module: tours, tour cards, lists, search and the catalogue caches.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { type ResponseCache } from './cache/response-cache.ts';
export { createTourChangesFeed } from './cache/tour-changes.ts';
export { createCatalogResponseCache } from './cache/setup.ts';
export { createFilterRegistry } from './cache/answer-filters.ts';
export { startDiscountExpiry } from './discounts/passed-discounts.ts';
export { changeCurrencyRates, type RateChange } from './prices/rate-changes.ts';
export { CRUISE_SEGMENT, listedTour, publicTour, TOUR_SEGMENT } from './listed.ts';
export { listsHandlers } from './lists/handlers.ts';
export { indexAnswerFilter } from './search/answer-filter.ts';
export { createCachedAnswers, type CachedAnswers } from './search/cached-answers.ts';
export { bookableDate, usdMinorIn } from './search/conditions.ts';
export { mergeFilters, PAGE_SIZE } from './search/filters.ts';
export { catalogSearchHandlers } from './search/handlers.ts';
export { createCardStore, type CardStore } from './search/index-adapter/card-store.ts';
export { type TourIndexProvider } from './search/index-adapter/index-provider.ts';
export { loadTourIndex } from './search/index-adapter/load-index.ts';
export { createSearchIndex } from './search/index-adapter/setup.ts';
export { resolvePlace } from './search/place.ts';
export { createSearchLimit } from './search/search-limit.ts';
export { queryRows } from './search/sql.ts';
export {
  loadTourCards,
  ridersCountedSql,
  toMediaItem,
  toOrganizerBrief,
  toTourDate,
  type CardContext,
  type TourSummary,
} from './tour-card.ts';
export {
  ORGANIZER_REVIEWS_LIMIT,
  reviewPage,
  toHorseCondition,
  toReview,
  TOUR_REVIEWS_LIMIT,
  type ReviewList,
} from './reviews.ts';
export { requestCardContext } from './tour/card-context.ts';
export { tourHandlers } from './tour/handlers.ts';
export { loadTourPage } from './tour/page.ts';
export { saddleHours } from './tour/riding-days.ts';
export { ridingBrief } from './tour/riding.ts';
export { privateTourHandlers } from './tour/private-handlers.ts';
export { offerDate } from './tour/offer-dates.ts';
export { publishedCards } from './tour/published-cards.ts';
export { resolveTourSlug } from './tour/slug.ts';
export { organizerWelfare, welfareColumns } from './tour/welfare.ts';
