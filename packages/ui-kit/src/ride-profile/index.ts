export {
  distanceIn,
  formatAmount,
  formatClimb,
  formatDistance,
  RideProfile,
  rideProfileDayName,
  rideProfileSummary,
  ridingDayLine,
} from './ride-profile';
export type {
  RideProfileDay,
  RideProfileProps,
  RideProfileSummary,
  RideProfileUnits,
} from './ride-profile';
