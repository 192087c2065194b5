import { describe, expect, it } from 'vitest';
import { formatContentDate } from './content-date';

describe('formatContentDate', () => {
  it('prints dates and date-times as a day in UTC', () => {
    expect(formatContentDate('2026-08-01')).toBe('1 August 2026');
    expect(formatContentDate('2026-10-30T23:55:00.000Z')).toBe('30 October 2026');
  });

  it('shows an unreadable value as it came', () => {
    expect(formatContentDate('soon')).toBe('soon');
  });
});
