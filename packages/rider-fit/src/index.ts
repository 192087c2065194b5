export { ageOn } from './age';
export { LEVEL_DEFINITIONS, type LevelDefinition } from './definitions';
export { LEVEL_LABELS, TACK_LABELS } from './labels';
export { RIDER_LEVELS, TACKS, type RiderLevel, type Tack } from './levels';
export { isRiderLevel, isTack, levelRank } from './level-checks';
export type { HeavyPlaces, RiderProfile, RidingRequirements } from './requirements';
export {
  FIT_LABELS,
  FIT_VERDICTS,
  compareFit,
  hasHorseFor,
  matchRider,
  needsHeavyHorse,
  type FitCheck,
  type FitReason,
  type FitVerdict,
  type MatchOptions,
  type RiderFit,
} from './match';
export {
  PASSPORT_LIMITS,
  passportFromCookie,
  passportProfile,
  passportToCookie,
  readPassport,
  type RiderPassport,
} from './passport';
export { SELF_ASSESSMENT_QUESTIONS, proposeLevel, type SelfAssessment } from './self-assessment';
export {
  KG_PER_LB,
  RIDER_WEIGHT_KG,
  WEIGHT_UNITS,
  formatWeight,
  formatWeightLimit,
  isWeightUnit,
  riderWeightRange,
  tenthOfKg,
  weightIn,
  weightToKg,
  type WeightUnit,
} from './weight';
