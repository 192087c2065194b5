// @vitest-environment node
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bookingBaseProblem, RESERVED_FIRST_SEGMENTS } from './booking-base';

describe('bookingBaseProblem', () => {
  it('takes one free lowercase segment only', () => {
    expect(bookingBaseProblem('trips')).toBeUndefined();
    expect(bookingBaseProblem('my-trips2')).toBeUndefined();
    expect(bookingBaseProblem('Trips')).toContain('single lowercase path segment');
    expect(bookingBaseProblem('a/b')).toContain('single lowercase path segment');
    expect(bookingBaseProblem('-x')).toContain('single lowercase path segment');
    expect(bookingBaseProblem('login')).toBe('"login" is the address of another page');
    expect(bookingBaseProblem('spa')).toBe('"spa" is the address of another page');
  });

  it('reserves the first segment of every page route but the booking ones', () => {
    const routes = readdirSync(fileURLToPath(new URL('../src/routes', import.meta.url)));
    const firstSegments = routes
      .filter((file) => /\.tsx$/.test(file) && !file.startsWith('$') && !file.startsWith('__'))
      .map((file) => file.replace(/\.tsx$/, '').split('.')[0]!)
      .filter((segment) => segment !== 'index' && segment !== 'booking');
    for (const segment of firstSegments) {
      expect(RESERVED_FIRST_SEGMENTS.has(segment), segment).toBe(true);
    }
  });
});
