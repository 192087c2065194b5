export { Field, FIELD_MODES, Form, useFormFields } from './form';
export type { FieldControlProps, FieldMode, FieldProps, FormFields, FormProps } from './form';
export {
  FALLBACK_RULE_MESSAGE,
  PHONE_RULE_MIN_DIGITS,
  RULE_MESSAGES,
  isEmail,
  isEmptyValue,
  isPhone,
  isUrl,
  parseRules,
  validateValue,
} from './rules';
export type {
  FormValues,
  RuleFunction,
  RuleMessages,
  RuleName,
  Rules,
  RulesObject,
  ValidateOptions,
} from './rules';
