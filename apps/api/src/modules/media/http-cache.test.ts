import { describe, expect, it } from 'vitest';
import { etagOf, matchesIfNoneMatch, parseRange } from './http-cache.ts';

describe('parseRange', () => {
  const size = 1000;
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=900-', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=50-10', { kind: 'full' }],
    ['bytes=0-9,20-29', { kind: 'full' }],
    ['items=0-9', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
  ])('reads %s', (header, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('ETags', () => {
  it('are stable, quoted and differ with any part', () => {
    expect(etagOf(1, 'landscape/1', '150x95', 'webp')).toBe(
      etagOf(1, 'landscape/1', '150x95', 'webp'),
    );
    expect(etagOf(1, 'landscape/1', '150x95', 'webp')).not.toBe(
      etagOf(1, 'landscape/1', '150x95', 'jpeg'),
    );
    expect(etagOf('x')).toMatch(/^"[\w-]+"$/);
  });

  it('match If-None-Match lists, weak tags and *', () => {
    const tag = '"abc"';
    expect(matchesIfNoneMatch('"x", "abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
    expect(matchesIfNoneMatch('"abcd"', tag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
  });
});
