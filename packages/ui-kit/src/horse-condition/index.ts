export {
  HORSE_CONDITION_LABELS,
  HorseConditionScore,
  horseConditionCountText,
} from './horse-condition';
export type { HorseConditionScoreProps } from './horse-condition';
