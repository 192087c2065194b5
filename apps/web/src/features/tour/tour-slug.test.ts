// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isTourSlug } from './tour-slug';

describe('isTourSlug', () => {
  it('takes slugs ending in a dash and a number for tours', () => {
    expect(isTourSlug('secret-trails-of-waterberg-263')).toBe(true);
    expect(isTourSlug('iceland')).toBe(false);
    expect(isTourSlug('mongolia-summer')).toBe(false);
    expect(isTourSlug('263')).toBe(false);
  });
});
