// Where the dropdown panel opens, from the trigger's and the panel's measured boxes. Pure so
// that the rule is tested without a layout engine.

export type DropdownSide = 'bottom' | 'top';

export interface VerticalRoom {
  /** Trigger's top and bottom edges in viewport px (getBoundingClientRect). */
  triggerTop: number;
  triggerBottom: number;
  /** The panel's height in px. */
  panelHeight: number;
  /** Gap between trigger and panel in px (12, or 8 for selects). */
  offset: number;
  viewportHeight: number;
}

/**
 * Opens below while the panel fits there; flips upward only when it does not fit below and there
 * is more room above, so a panel too tall for either side stays below (where it scrolls).
 */
export function dropdownSide({
  triggerTop,
  triggerBottom,
  panelHeight,
  offset,
  viewportHeight,
}: VerticalRoom): DropdownSide {
  const roomBelow = viewportHeight - triggerBottom - offset;
  const roomAbove = triggerTop - offset;
  if (panelHeight <= roomBelow) return 'bottom';
  return roomAbove > roomBelow ? 'top' : 'bottom';
}
