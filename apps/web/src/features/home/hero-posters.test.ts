import { describe, expect, it } from 'vitest';
import { heroPosterPreloads } from './hero-posters';

const video = {
  poster: '/media/generated/landscape/7/{{size}}.jpg',
} as Parameters<typeof heroPosterPreloads>[0][number];

describe('heroPosterPreloads', () => {
  it('preloads the small poster on phones and the large one from 992 px, first video only', () => {
    expect(heroPosterPreloads([video, { ...video, poster: '/other/{{size}}.jpg' }])).toEqual([
      expect.objectContaining({
        rel: 'preload',
        as: 'image',
        href: '/media/generated/landscape/7/960x540.jpg',
        media: '(max-width: 991.98px)',
        fetchPriority: 'high',
      }),
      expect.objectContaining({
        href: '/media/generated/landscape/7/1280x720.jpg',
        media: '(min-width: 992px)',
      }),
    ]);
  });

  it('adds nothing while there are no videos', () => {
    expect(heroPosterPreloads([])).toEqual([]);
  });
});
