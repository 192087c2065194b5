import { describe, expect, it } from 'vitest';
import { routePoints, routeSketchSvg, routeSketchUrl } from './route-sketch';

describe('route sketch', () => {
  it('draws the same picture for the same seed and a pin per stop', () => {
    expect(routeSketchSvg(42, ['A', 'B', 'C'])).toBe(routeSketchSvg(42, ['A', 'B', 'C']));
    expect(routeSketchSvg(42, ['A'])).not.toBe(routeSketchSvg(43, ['A']));
    expect(routeSketchSvg(42, ['A', 'B', 'C']).match(/<circle /g)).toHaveLength(3);
    const points = routePoints(7, 4);
    expect(points[0]?.x).toBeLessThan(points[3]?.x ?? 0);
    for (const point of points) {
      expect(point.x).toBeGreaterThanOrEqual(0);
      expect(point.x).toBeLessThanOrEqual(600);
      expect(point.y).toBeGreaterThanOrEqual(0);
      expect(point.y).toBeLessThanOrEqual(350);
    }
  });

  it('escapes stop names and encodes the image URL', () => {
    expect(routeSketchSvg(1, ['Bed & <Breakfast>'])).toContain('Bed &#38; &#60;Breakfast&#62;');
    expect(routeSketchUrl(1, ['A'])).toMatch(/^data:image\/svg\+xml,%3Csvg/);
  });
});
