/**
 * The last segment of every weather page address (docs/product.md, Routes:
 * `/{slug*}/climate-and-weather`).
 */
const WEATHER_PAGE_SEGMENT = 'climate-and-weather';

/** A place slug as the catalogue writes them: lowercase words joined by dashes. */
const PLACE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The place slugs a weather page address names: `argentina/climate-and-weather` is a country,
 * `argentina/mendoza/climate-and-weather` a region or city of it. Anything else (another
 * ending, no place, deeper paths, odd characters) is not a weather page: `null`.
 */
export function weatherPlaceSlugs(splat: string | undefined): string[] | null {
  const segments = (splat ?? '').split('/');
  if (segments.at(-1) === '') segments.pop();
  if (segments.pop() !== WEATHER_PAGE_SEGMENT) return null;
  if (segments.length < 1 || segments.length > 2) return null;
  return segments.every((segment) => PLACE_SLUG.test(segment)) ? segments : null;
}

/** The weather page of a country (`['argentina']`) or of a place in it (`['argentina', 'salta']`). */
export function weatherPagePath(slugs: readonly string[]): string {
  return `/${[...slugs, WEATHER_PAGE_SEGMENT].join('/')}`;
}
