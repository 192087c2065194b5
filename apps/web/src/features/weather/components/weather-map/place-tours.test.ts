import { describe, expect, it } from 'vitest';
import { mergeTours, placeCentre } from './place-tours';

const point = (id: number, lat: number, lng: number) => ({
  id,
  slug: `tour-${id}`,
  name: `Tour ${id}`,
  lat,
  lng,
  price: 900,
  currency: 'EUR' as const,
  duration: 6,
  rating: null,
});

describe('placeCentre', () => {
  it("is the middle of the box around the place's tours", () => {
    expect(placeCentre([point(1, 63, -22), point(2, 66, -14), point(3, 64, -18)])).toEqual({
      lat: 64.5,
      lng: -18,
    });
  });

  it('is nothing for a place without tours', () => {
    expect(placeCentre([])).toBeUndefined();
  });
});

describe('mergeTours', () => {
  it("keeps the place's tours first and adds the others around it once", () => {
    const own = [point(1, 64, -20), point(2, 65, -19)];
    const around = [point(2, 65, -19), point(3, 62, -7)];
    expect(mergeTours(own, around).map((tour) => tour.id)).toEqual([1, 2, 3]);
  });
});
