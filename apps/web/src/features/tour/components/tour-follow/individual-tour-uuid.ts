/** The route that shows an individual offer as the tour page (docs/product.md, Routes). */
const INDIVIDUAL_TOUR_ROUTE = '/order/$uuid/individual-tour';

/**
 * The individual offer's uuid when the router's current matches show one
 * (`/order/{uuid}/individual-tour` renders the same tour page); undefined on a tour's own page.
 * Read from `router.state.matches` when the form is sent, not from a match hook: the hook is
 * the first load's code and one more export of it would grow the first load.
 */
export function individualTourUuid(
  matches: ReadonlyArray<{ routeId: string; params: object }>,
): string | undefined {
  const match = matches.find((candidate) => candidate.routeId === INDIVIDUAL_TOUR_ROUTE);
  const uuid = (match?.params as { uuid?: unknown } | undefined)?.uuid;
  return typeof uuid === 'string' ? uuid : undefined;
}
