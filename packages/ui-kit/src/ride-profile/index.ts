export {
  formatAmount,
  RideProfile,
  rideProfileDayName,
  rideProfileSummary,
  ridingDayLine,
} from './ride-profile';
export type { RideProfileDay, RideProfileProps, RideProfileSummary } from './ride-profile';
