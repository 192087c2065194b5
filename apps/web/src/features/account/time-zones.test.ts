import { describe, expect, it } from 'vitest';
import { timeZoneNames, timeZoneOptions } from './time-zones';

const WINTER = new Date('2026-01-15T12:00:00Z');

describe('time zones', () => {
  it('lists the IANA zones of the browser, with UTC first', () => {
    const names = timeZoneNames();
    expect(names[0]).toBe('UTC');
    expect(names).toContain('Europe/Berlin');
    expect(names).toContain('America/New_York');
    expect(names.length).toBeGreaterThan(300);
  });

  it('names each zone with its offset at the time', () => {
    const options = timeZoneOptions(undefined, WINTER, [
      'UTC',
      'Europe/Berlin',
      'America/New_York',
    ]);
    expect(options).toEqual([
      { value: 'UTC', text: 'UTC (GMT)' },
      { value: 'Europe/Berlin', text: 'Europe/Berlin (GMT+1)' },
      { value: 'America/New_York', text: 'America/New York (GMT-5)' },
    ]);
  });

  it('keeps a saved zone the list does not have', () => {
    const options = timeZoneOptions('Europe/Kiev', WINTER, ['UTC', 'Europe/Kyiv']);
    expect(options.map((option) => option.value)).toEqual(['Europe/Kiev', 'UTC', 'Europe/Kyiv']);
  });
});
