export {
  levelShort,
  RiderFitNote,
  singleLevelStop,
  useLevelStop,
  type SingleLevelStop,
} from './rider-fit-note';
