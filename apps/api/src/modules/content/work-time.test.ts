import { describe, expect, it } from 'vitest';
import type { SupportSchedule } from './site-settings.ts';
import { isWorkingAt, localTimeIn } from './work-time.ts';

/** Weekdays 08:00-20:00, Saturday 10:00-16:00, Sunday off, in New York. */
const NEW_YORK: SupportSchedule = {
  timezone: 'America/New_York',
  days: [
    ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: '08:00', to: '20:00' })),
    { weekday: 6, from: '10:00', to: '16:00' },
    { weekday: 7, from: null, to: null },
  ],
};

describe('localTimeIn', () => {
  it('reads the weekday and minutes in the zone, not in UTC', () => {
    // Monday 2026-03-09 03:30 UTC is still Sunday 23:30 in New York (EDT, UTC-4).
    expect(localTimeIn('America/New_York', new Date('2026-03-09T03:30:00Z'))).toEqual({
      weekday: 7,
      minutes: 23 * 60 + 30,
    });
    expect(localTimeIn('Asia/Tokyo', new Date('2026-03-09T03:30:00Z'))).toEqual({
      weekday: 1,
      minutes: 12 * 60 + 30,
    });
  });

  it('falls back to UTC for an unknown zone instead of throwing', () => {
    expect(localTimeIn('Mars/Olympus_Mons', new Date('2026-03-11T10:15:00Z'))).toEqual({
      weekday: 3,
      minutes: 10 * 60 + 15,
    });
  });
});

describe('isWorkingAt', () => {
  it('works inside weekday hours in the schedule time zone', () => {
    // Wednesday 12:00 in New York (16:00 UTC in EDT).
    expect(isWorkingAt(NEW_YORK, new Date('2026-03-11T16:00:00Z'))).toBe(true);
  });

  it('opens at `from` and closes at `to` (end excluded)', () => {
    // EDT: 08:00 local is 12:00 UTC, 20:00 local is 00:00 UTC the next day.
    expect(isWorkingAt(NEW_YORK, new Date('2026-03-11T11:59:00Z'))).toBe(false);
    expect(isWorkingAt(NEW_YORK, new Date('2026-03-11T12:00:00Z'))).toBe(true);
    expect(isWorkingAt(NEW_YORK, new Date('2026-03-11T23:59:00Z'))).toBe(true);
    expect(isWorkingAt(NEW_YORK, new Date('2026-03-12T00:00:00Z'))).toBe(false);
  });

  it('follows daylight saving time: the same UTC hour is in or out of hours by season', () => {
    // 12:30 UTC is 08:30 EDT in July (open) but 07:30 EST in January (closed).
    expect(isWorkingAt(NEW_YORK, new Date('2026-07-15T12:30:00Z'))).toBe(true);
    expect(isWorkingAt(NEW_YORK, new Date('2026-01-14T12:30:00Z'))).toBe(false);
  });

  it('uses the shorter Saturday hours and treats a day without hours as a day off', () => {
    // Saturday 2026-03-14: 11:00 EDT open, 17:00 EDT closed; Sunday noon closed.
    expect(isWorkingAt(NEW_YORK, new Date('2026-03-14T15:00:00Z'))).toBe(true);
    expect(isWorkingAt(NEW_YORK, new Date('2026-03-14T21:00:00Z'))).toBe(false);
    expect(isWorkingAt(NEW_YORK, new Date('2026-03-15T16:00:00Z'))).toBe(false);
  });

  it('is closed on a weekday missing from the schedule', () => {
    const weekdaysOnly = { ...NEW_YORK, days: NEW_YORK.days.slice(0, 5) };
    expect(isWorkingAt(weekdaysOnly, new Date('2026-03-14T15:00:00Z'))).toBe(false);
  });

  it('accepts 24:00 as the end of a round-the-clock day', () => {
    const allDay: SupportSchedule = {
      timezone: 'UTC',
      days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: '00:00', to: '24:00' })),
    };
    expect(isWorkingAt(allDay, new Date('2026-03-11T00:00:00Z'))).toBe(true);
    expect(isWorkingAt(allDay, new Date('2026-03-11T23:59:00Z'))).toBe(true);
  });
});
