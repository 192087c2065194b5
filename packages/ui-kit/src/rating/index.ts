export { RATING_INDICATOR_DEFAULT, RATING_LABELS, Rating, RatingIndicator } from './rating';
export type { RatingIndicatorProps, RatingProps } from './rating';
