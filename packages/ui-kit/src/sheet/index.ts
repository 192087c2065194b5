export { SHEET_SCROLL_THROTTLE, Sheet } from './sheet';
export type { SheetProps } from './sheet';
