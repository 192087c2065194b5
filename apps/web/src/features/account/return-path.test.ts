import { describe, expect, it } from 'vitest';
import { afterSignInPath, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeReturnPath('/settings?tab=password#email')).toBe('/settings?tab=password#email');
    expect(safeReturnPath('/booking/12')).toBe('/booking/12');
  });

  it('sends anything that could leave the site home', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/path',
      '/..//evil.example/x',
      '/%2e%2e//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'settings',
      '',
      undefined,
      42,
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeReturnPath(value)).toBe('/');
    }
  });
});

describe('afterSignInPath', () => {
  it('does not return to the sign-in pages', () => {
    expect(afterSignInPath('/login?redirect=%2Fsettings')).toBe('/');
    expect(afterSignInPath('/register')).toBe('/');
    expect(afterSignInPath('/favorites')).toBe('/favorites');
  });
});
