import { describe, expect, it } from 'vitest';
import { organizerHeadData } from './head';
import { organizerFixture } from './testing/organizer-fixture';

describe('organizerHeadData', () => {
  it('names the provider, describes it and shares its picture', () => {
    expect(organizerHeadData(organizerFixture())).toEqual({
      title: 'Auvergne Trail Company',
      description: 'Auvergne Trail Company runs horseback holidays across France with 40 horses.',
      canonical: '/tour-provider/6',
      imageTemplate: '/media/generated/portrait/10006/{{size}}.jpg',
      imageAlt: 'Auvergne Trail Company',
    });
  });

  it('writes a description when the provider has none and shares a gallery photo without a picture', () => {
    const head = organizerHeadData(organizerFixture({ description: null, avatar: undefined }));
    expect(head.description).toBe(
      'Horseback tours in France by Auvergne Trail Company: tours, reviews and verification on Gallop.',
    );
    expect(head.imageTemplate).toBe('/media/generated/horse/20018/{{size}}.jpg');
    expect(head.imageAlt).toBe('Auvergne, photo 1');
  });

  it('cuts a long description on a word boundary', () => {
    const head = organizerHeadData(organizerFixture({ description: 'word '.repeat(60) }));
    expect(head.description.length).toBeLessThanOrEqual(160);
    expect(head.description.endsWith('word…')).toBe(true);
  });
});
