export {
  RIDER_SELF_ASSESSMENT_TEXTS,
  RiderSelfAssessment,
  SELF_ASSESSMENT_PACES,
} from './rider-self-assessment';
export type {
  RiderSelfAssessmentProps,
  RiderSelfAssessmentTexts,
  SelfAssessmentQuestionTexts,
} from './rider-self-assessment';
