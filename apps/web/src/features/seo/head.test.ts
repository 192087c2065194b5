import { describe, expect, it } from 'vitest';
import { DEFAULT_SHARE_IMAGE, pageHead, shareImage } from './head';

const content = (head: ReturnType<typeof pageHead>, key: string) =>
  head.meta
    .filter(
      (tag) => ('name' in tag && tag.name === key) || ('property' in tag && tag.property === key),
    )
    .map((tag) => ('content' in tag ? tag.content : undefined));

describe('pageHead', () => {
  it('titles the page "{title} | Gallop" and links the canonical address', () => {
    const head = pageHead({
      title: 'Iceland rides',
      description: 'Ride north',
      canonical: '/iceland',
    });
    expect(head.meta[0]).toEqual({ title: 'Iceland rides | Gallop' });
    expect(content(head, 'description')).toEqual(['Ride north']);
    expect(content(head, 'og:description')).toEqual(['Ride north']);
    expect(head.links).toEqual([{ rel: 'canonical', href: '/iceland' }]);
    expect(content(head, 'og:url')).toEqual(['/iceland']);
    expect(content(head, 'robots')).toEqual([]);
  });

  it('uses the default share image when the page has none, absolute with PUBLIC_URL', () => {
    const head = pageHead({ title: 'Home', canonical: '/' }, 'https://gallop.example');
    expect(content(head, 'og:image')).toEqual([`https://gallop.example${DEFAULT_SHARE_IMAGE}`]);
    expect(content(head, 'twitter:image')).toEqual([
      `https://gallop.example${DEFAULT_SHARE_IMAGE}`,
    ]);
    expect(content(head, 'twitter:card')).toEqual(['summary_large_image']);
    expect(head.links[0]?.href).toBe('https://gallop.example/');
  });

  it("uses the page's own image at the share size, and can keep a page out of the index", () => {
    const image = shareImage('/media/generated/horse/7/{{size}}.jpg');
    expect(image).toBe('/media/generated/horse/7/1200x630.jpg');
    const head = pageHead({ title: 'Meet', canonical: '/meet', image, noindex: true });
    expect(content(head, 'og:image')).toEqual([image]);
    expect(content(head, 'robots')).toEqual(['noindex, nofollow']);
  });
});
