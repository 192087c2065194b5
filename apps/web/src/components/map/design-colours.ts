/**
 * The design tokens' colours (`--gk-color-*` in @gallop/ui-kit's tokens.css, on every page), read
 * where the map is drawn: MapLibre paints from values, not CSS variables. Read from the page,
 * not imported from the kit's `colors`, so the map's chunk adds no module to the ones pages share.
 */
export function designColour(token: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(`--gk-color-${token}`);
  // Only a page without the kit's stylesheet (a unit test's DOM) lacks them.
  return value.trim() || 'transparent';
}
