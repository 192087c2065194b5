// Dropdown constants (docs/product.md, Constants), in their own module so Select can use them
// without pulling in the Dropdown component and its CSS.

/** Optional delay before a dropdown closes, in ms. */
export const DROPDOWN_CLOSE_DELAY = 300;
/** Gap between the trigger and the panel, in px. */
export const DROPDOWN_OFFSET = 12;
/** The same gap for selects, in px. */
export const DROPDOWN_SELECT_OFFSET = 8;
/** Throttle of the scroll-close and position update handlers, in ms. */
export const DROPDOWN_THROTTLE = 1000;
