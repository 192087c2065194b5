// Dropdown constants (docs/product.md, Constants), in their own module so Select can use them
// without pulling in the Dropdown component and its CSS.

/** Optional delay before a dropdown closes, in ms. */
export const DROPDOWN_CLOSE_DELAY = 300;
/** Gap between the trigger and the panel, in px. */
export const DROPDOWN_OFFSET = 12;
/** The same gap for selects, in px. */
export const DROPDOWN_SELECT_OFFSET = 8;
/**
 * Throttle of the scroll-close and position update handlers, in ms (spec value). The Dropdown
 * leaves both to React Aria since decision 129: it closes on the first page scroll, as the
 * throttle's leading call did, and follows resizes as they happen.
 */
export const DROPDOWN_THROTTLE = 1000;
