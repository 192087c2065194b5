export { RIDER_LEVEL_TEXTS, RiderLevelBadge, RiderLevelScale } from './rider-level';
export type {
  RiderLevelBadgeProps,
  RiderLevelScaleProps,
  RiderLevelSize,
  RiderLevelTexts,
} from './rider-level';
