import { describe, expect, it } from 'vitest';
import {
  classifyRedirectTarget,
  isUuid,
  originsOf,
  parseShortLinkId,
  shortLinkHref,
} from './targets';

describe('parseShortLinkId', () => {
  it('takes positive 32-bit integers written in digits', () => {
    expect(parseShortLinkId('1')).toBe(1);
    expect(parseShortLinkId('2147483647')).toBe(2147483647);
  });

  it('refuses everything else', () => {
    for (const id of [
      '0',
      '-1',
      '1.5',
      '1e3',
      'abc',
      '12abc',
      '',
      ' 1',
      '2147483648',
      '99999999999',
    ]) {
      expect(parseShortLinkId(id), id).toBeUndefined();
    }
  });
});

describe('isUuid', () => {
  it('knows a uuid', () => {
    expect(isUuid('3f2b8c1e-9a4d-4c6b-8e2f-1a2b3c4d5e6f')).toBe(true);
    expect(isUuid('3F2B8C1E-9A4D-4C6B-8E2F-1A2B3C4D5E6F')).toBe(true);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid('3f2b8c1e9a4d4c6b8e2f1a2b3c4d5e6f')).toBe(false);
  });
});

describe('classifyRedirectTarget', () => {
  const allowed = ['https://partners.gallop.example', 'https://gallop.example'];

  it('redirects to paths of this site and to allow-listed origins', () => {
    expect(classifyRedirectTarget('/tours?countries=10', allowed)).toEqual({
      kind: 'redirect',
      href: '/tours?countries=10',
    });
    expect(classifyRedirectTarget('https://partners.gallop.example/register', allowed)).toEqual({
      kind: 'redirect',
      href: 'https://partners.gallop.example/register',
    });
  });

  it('only shows a link to other sites', () => {
    const target = classifyRedirectTarget('https://evil.example/phish', allowed);
    expect(target.kind).toBe('external');
    expect(target.kind === 'external' && target.url.href).toBe('https://evil.example/phish');
    // A look-alike host is another site.
    expect(
      classifyRedirectTarget('https://partners.gallop.example.evil.example/', allowed).kind,
    ).toBe('external');
    expect(classifyRedirectTarget('//evil.example', allowed).kind).toBe('invalid');
  });

  it('refuses what is not a web address', () => {
    for (const target of [
      undefined,
      '',
      'javascript:alert(1)',
      'data:text/html,hi',
      'mailto:a@b.c',
    ]) {
      expect(classifyRedirectTarget(target, allowed).kind, String(target)).toBe('invalid');
    }
  });
});

describe('originsOf', () => {
  it('lists the origins of web addresses only', () => {
    expect(originsOf(['https://partners.gallop.example/', undefined, 'nonsense'])).toEqual([
      'https://partners.gallop.example',
    ]);
  });
});

describe('shortLinkHref', () => {
  it('follows site paths and web URLs only', () => {
    expect(shortLinkHref('/tour-providers')).toBe('/tour-providers');
    expect(shortLinkHref('https://www.instagram.com/gallop.rides')).toBe(
      'https://www.instagram.com/gallop.rides',
    );
    expect(shortLinkHref('javascript:alert(1)')).toBeUndefined();
    expect(shortLinkHref('//evil.example')).toBeUndefined();
  });
});
