export {
  HORSE_RETIREMENT_LABELS,
  HORSE_TURNOUT_LABELS,
  HORSE_WELFARE_NOT_STATED,
  HorseWelfareCard,
  horseWelfareItems,
} from './horse-welfare-card';
export type {
  HorseRetirement,
  HorseTurnout,
  HorseWelfareCardProps,
  HorseWelfareFacts,
  HorseWelfareItem,
  HorseWelfareTopic,
} from './horse-welfare-card';
