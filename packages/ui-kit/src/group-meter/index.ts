export { decisionText, formatDecisionDay, GroupMeter, groupMeterText } from './group-meter';
export type { GroupMeterProps } from './group-meter';
