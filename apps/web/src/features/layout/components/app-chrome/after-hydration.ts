/**
 * The chrome's parts that render nothing until the visitor navigates or scrolls: one chunk that
 * `app-chrome.tsx` loads after hydration, so the first load does not carry them (issue 7).
 */
export { ScrollToTop } from '@gallop/ui-kit';
export { NavigationProgress } from '../navigation-progress/navigation-progress';
