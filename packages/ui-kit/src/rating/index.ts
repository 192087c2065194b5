export { Rating } from './rating';
export type { RatingProps } from './rating';
export { RATING_INDICATOR_DEFAULT, RATING_LABELS, RatingIndicator } from './rating-indicator';
export type { RatingIndicatorProps } from './rating-indicator';
