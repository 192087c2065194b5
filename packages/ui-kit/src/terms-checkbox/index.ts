export { TERMS_CHECKBOX_TEXTS, TermsCheckbox } from './terms-checkbox';
export type { TermsCheckboxProps, TermsCheckboxTexts } from './terms-checkbox';
