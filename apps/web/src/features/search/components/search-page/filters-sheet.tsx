/** The filters' bottom sheet on phones: react-aria's modal, loaded before its first opening. */
export { Sheet as FiltersSheet } from '@gallop/ui-kit';
