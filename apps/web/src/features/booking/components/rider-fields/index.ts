export {
  ageRefusal,
  emptyRider,
  hasFitValues,
  passportRiderValues,
  RIDER_FIELDS,
  RiderFields,
  riderProblems,
  riderProfile,
  riderValues,
  splitName,
  toTouristInput,
  unchangedTourist,
  useRiderProfiles,
} from './rider-fields';
export type { RiderValues } from './rider-fields';
