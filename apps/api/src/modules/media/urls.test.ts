import { describe, expect, it } from 'vitest';
import { generatedImageUrl, MEDIA_SCENES } from './urls.ts';

describe('generatedImageUrl', () => {
  it('builds the template the web client fills with a size', () => {
    expect(generatedImageUrl('landscape', 17)).toBe('/media/generated/landscape/17/{{size}}.jpg');
    expect(generatedImageUrl('trail', 17, 'tundra-coast')).toBe(
      '/media/generated/trail/tundra-coast/17/{{size}}.jpg',
    );
    expect(MEDIA_SCENES).toEqual([
      'landscape',
      'horse',
      'trail',
      'camp',
      'portrait',
      'city',
      'cruise',
    ]);
  });

  it('refuses seeds the route would not serve', () => {
    for (const seed of [0, -1, 1.5, Number.NaN, 2 ** 31]) {
      expect(() => generatedImageUrl('horse', seed)).toThrow(RangeError);
    }
  });
});
