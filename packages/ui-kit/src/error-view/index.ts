export { ERROR_VIEW_TEXTS, ErrorView, errorViewTexts } from './error-view';
export type { ErrorContact, ErrorViewProps, ErrorViewTexts } from './error-view';
