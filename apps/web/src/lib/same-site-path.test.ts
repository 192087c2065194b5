import { describe, expect, it } from 'vitest';
import { sameSitePath } from './same-site-path';

describe('sameSitePath', () => {
  it('keeps paths of this site with their query and hash', () => {
    expect(sameSitePath('/blog/post-1?utm_source=mail#top')).toBe(
      '/blog/post-1?utm_source=mail#top',
    );
    expect(sameSitePath('/')).toBe('/');
  });

  it('refuses what would leave the site', () => {
    for (const target of [
      '//evil.example/x',
      '/\\evil.example',
      '/\\/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'blog',
      '/\tevil',
      '/..//evil.example/x',
      '/.//evil.example',
      '/%2e%2e//evil.example',
      '/a/../..//evil.example',
      '',
    ]) {
      expect(sameSitePath(target), target).toBeUndefined();
    }
  });
});
