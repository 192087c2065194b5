import { describe, expect, it } from 'vitest';
import { kmBetween } from './geo';
import { SEARCH_AREA_MAX_KM, searchAreaOf } from './search-area';

describe('searchAreaOf', () => {
  it("is the view's centre and half its diagonal, so the corners are in", () => {
    const bounds = { west: -22, south: 63.5, east: -18, north: 65.5 };
    const area = searchAreaOf(bounds);
    expect(area.lat).toBe(64.5);
    expect(area.lng).toBe(-20);
    const diagonal = kmBetween({ lat: 63.5, lng: -22 }, { lat: 65.5, lng: -18 });
    expect(area.radius).toBe(Math.ceil(diagonal / 2));
    expect(area.radius).toBeGreaterThan(120);
    expect(area.radius).toBeLessThan(160);
  });

  it('caps a continent-sized view at 1000 km', () => {
    expect(searchAreaOf({ west: -30, south: 30, east: 40, north: 70 }).radius).toBe(
      SEARCH_AREA_MAX_KM,
    );
  });

  it('measures a view across the antimeridian the short way round', () => {
    const area = searchAreaOf({ west: 178, south: -20, east: -178 + 360, north: -16 });
    expect(area.lng).toBe(-180);
    expect(area.radius).toBeLessThan(400);
  });
});
