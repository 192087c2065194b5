import { describe, expect, it } from 'vitest';
import { normalizeFilters } from '@gallop/search-filters';
import { compileIndexQuery, searchIndex, SHORTCUT_PATHS } from './query-index';
import { day, indexOfCatalogue, prices, Random, randomCatalogue } from './testing';

/**
 * Filters of the shapes each shortcut path answers (DESIGN.md, section 7): nothing, a price range
 * alone, one list value (in a price range), a window, a duration range, a radius alone, and list,
 * one-of and date filters together.
 */
function drawQuery(random: Random): Record<string, unknown> {
  const window = () => {
    const from = random.int(1, 250);
    return { dateFrom: day(from), dateTo: day(from + random.int(3, 60)) };
  };
  const priceRange = () => ({
    priceMin: random.int(5, 20) * 10,
    priceMax: random.int(20, 40) * 10,
  });
  const durations = () => {
    const daysMin = random.int(1, 10);
    return { daysMin, daysMax: daysMin + random.int(0, 8) };
  };
  switch (random.int(0, 9)) {
    case 0:
      return {};
    case 1:
      return priceRange();
    case 2:
      return { countries: [random.int(1, 6)] };
    case 3:
      return { regions: [random.int(10, 20)], ...priceRange() };
    case 4:
      return window();
    case 5:
      return durations();
    case 6:
      return { lat: random.int(-50, 50), lng: random.int(-150, 150), radiusKm: 2_000 };
    case 7:
      return { regions: [random.int(10, 20)], ...(random.chance(0.5) ? window() : {}) };
    case 8:
      return {
        regions: [random.int(10, 20)],
        restKinds: [random.int(1, 4)],
        ...(random.chance(0.5) ? { countries: [random.int(1, 6)] } : {}),
        ...(random.chance(0.5) ? window() : {}),
      };
    default:
      return {
        countries: [random.int(1, 6)],
        difficulty: [random.int(1, 4)],
        comfort: [random.pick(['base', 'comfort'])],
        ...(random.chance(0.5) ? window() : priceRange()),
        ...(random.chance(0.3) ? durations() : {}),
      };
  }
}

describe('each shortcut path turned off alone (withoutPaths)', () => {
  const index = indexOfCatalogue(randomCatalogue(128, 900));
  const random = new Random(128);
  const searches = Array.from({ length: 60 }, () => {
    const query = drawQuery(random);
    const { lat, lng, radiusKm, ...filters } = query as Record<string, number>;
    const place = radiusKm === undefined ? undefined : { lat: lat!, lng: lng!, radiusKm };
    const filter = normalizeFilters({
      ...filters,
      ...(random.chance(0.2) ? { type: 2 } : {}),
      ...(random.chance(0.3) ? { sort: random.pick(['price', '-price']) } : {}),
    });
    return { query, filter, compiled: compileIndexQuery(index, filter, { ...prices, place }) };
  });

  it.each(SHORTCUT_PATHS)('answers without %s exactly as with it, every page and facet', (path) => {
    let matched = 0;
    for (const { query, filter, compiled } of searches) {
      for (const withFacets of [false, true]) {
        for (const offset of [0, 20]) {
          const options = { sort: filter.sort, offset, limit: 20, withFacets };
          const context = JSON.stringify({ path, query, options });
          const answer = searchIndex(index, compiled, options);
          const without = searchIndex(
            index,
            { ...compiled, withoutPaths: new Set([path]) },
            options,
          );
          expect(without, context).toEqual(answer);
          if (answer.total > 0) matched += 1;
        }
      }
    }
    expect(matched).toBeGreaterThan(150);
  });
});
