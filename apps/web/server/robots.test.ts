import { describe, expect, it } from 'vitest';
import { PRIVATE_PATHS, robotsTxt } from './robots';

describe('robotsTxt', () => {
  it('allows everything but the private pages and names the sitemap', () => {
    const lines = robotsTxt('https://gallop.example').split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of ['/settings', '/chat', '/booking', '/pay']) {
      expect(PRIVATE_PATHS).toContain(path);
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Sitemap: https://gallop.example/sitemap.xml');
  });

  it('keeps a configured booking base out of the index too', () => {
    const lines = robotsTxt('https://gallop.example', 'trips').split('\n');
    expect(lines).toContain('Disallow: /trips');
    expect(lines).toContain('Disallow: /meet');
    expect(robotsTxt('https://gallop.example').match(/Disallow: \/booking$/gm)).toHaveLength(1);
  });
});
