import { describe, expect, it } from 'vitest';
import { tourHeadData } from './head';
import { toMediaItems } from './media';
import { tourFixture } from './testing/tour-fixture';

describe('tourHeadData', () => {
  it('uses the tour name, its stored description and canonical, and its first photo', () => {
    expect(tourHeadData(tourFixture())).toEqual({
      title: 'Secret Trails of Waterberg',
      description: 'Ride the Waterberg.',
      canonical: '/secret-trails-of-waterberg-7',
      imageTemplate: '/media/generated/landscape/1/{{size}}.jpg',
      imageAlt: 'Open landscape',
      type: 'article',
    });
  });

  it('shortens the text on a word boundary when no description is stored', () => {
    const long = `${'Riding through the hills '.repeat(12)}end.`;
    const head = tourHeadData(tourFixture({ description: long, seo: undefined, images: [] }));
    expect(head.description.length).toBeLessThanOrEqual(160);
    const kept = head.description.replace(/…$/, '');
    expect(head.description.endsWith('…')).toBe(true);
    expect(long.startsWith(kept)).toBe(true);
    expect(long[kept.length]).toBe(' ');
    expect(head.canonical).toBe('/secret-trails-of-waterberg-7');
    expect(head.imageTemplate).toBeUndefined();
  });
});

describe('toMediaItems', () => {
  it('drops empty alt texts the ui-kit does not take', () => {
    expect(toMediaItems(tourFixture().images)).toEqual([
      { image: '/media/generated/landscape/1/{{size}}.jpg', alt: 'Open landscape' },
      { image: '/media/generated/horse/2/{{size}}.jpg' },
      { image: '/media/generated/trail/3/{{size}}.jpg' },
    ]);
    expect(toMediaItems(undefined)).toEqual([]);
  });
});
