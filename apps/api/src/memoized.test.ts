import { describe, expect, it } from 'vitest';
import { memoized } from './memoized.ts';

describe('memoized', () => {
  it('computes a text once, undefined answers included, and forgets all when full', () => {
    const computed: string[] = [];
    const lengthOrNothing = memoized((text) => {
      computed.push(text);
      return text === '' ? undefined : text.length;
    }, 2);
    expect(lengthOrNothing('ab')).toBe(2);
    expect(lengthOrNothing('ab')).toBe(2);
    expect(lengthOrNothing('')).toBeUndefined();
    expect(lengthOrNothing('')).toBeUndefined();
    expect(computed).toEqual(['ab', '']);
    // Full at two texts: a third clears the memo, so 'ab' is computed again.
    expect(lengthOrNothing('abc')).toBe(3);
    expect(lengthOrNothing('ab')).toBe(2);
    expect(computed).toEqual(['ab', '', 'abc', 'ab']);
  });
});
