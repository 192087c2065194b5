export { EMPTY_STATE_TEXTS, EmptyState } from './empty-state';
export type { EmptyStateProps, EmptyStateVariant } from './empty-state';
