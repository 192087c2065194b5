export {
  emptyRider,
  RiderFields,
  riderValues,
  toTouristInput,
  unchangedTourist,
} from './rider-fields';
export type { RiderValues } from './rider-fields';
