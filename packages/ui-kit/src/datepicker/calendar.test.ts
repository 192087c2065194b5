import { describe, expect, it, vi } from 'vitest';
import {
  CALENDAR_DAYS_PER_WEEK,
  CALENDAR_WEEKS,
  formatDay,
  inRange,
  monthGrid,
  parseBound,
  pickRange,
  weekStartFor,
} from './calendar';

const day = (text: string) => new Date(`${text}T00:00:00`);

describe('calendar logic', () => {
  it('starts the week on Monday in ru, zh-CN and de, on Sunday in en-US', () => {
    expect(weekStartFor('ru')).toBe(1);
    expect(weekStartFor('zh-CN')).toBe(1);
    expect(weekStartFor('de')).toBe(1);
    expect(weekStartFor('de-AT')).toBe(1);
    expect(weekStartFor('en-US')).toBe(0);
  });

  it('builds a 6 x 7 grid from the week start', () => {
    expect(CALENDAR_WEEKS * CALENDAR_DAYS_PER_WEEK).toBe(42);
    const sundayFirst = monthGrid(day('2026-02-10'), 0);
    expect(sundayFirst).toHaveLength(42);
    expect(formatDay(sundayFirst[0]!)).toBe('2026-02-01'); // 1 Feb 2026 is a Sunday
    const mondayFirst = monthGrid(day('2026-02-10'), 1);
    expect(formatDay(mondayFirst[0]!)).toBe('2026-01-26');
    expect(formatDay(mondayFirst[41]!)).toBe('2026-03-08');
  });

  it("accepts min/max only as 'YYYY-MM-DD' or 'today'", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const now = new Date(2026, 4, 17, 15, 30);
    expect(formatDay(parseBound('today', now)!)).toBe('2026-05-17');
    expect(parseBound('today', now)!.getHours()).toBe(0);
    expect(formatDay(parseBound('2026-06-01', now)!)).toBe('2026-06-01');
    expect(parseBound('01.06.2026', now)).toBeUndefined();
    expect(parseBound('tomorrow', now)).toBeUndefined();
    expect(parseBound('2026-13-40', now)).toBeUndefined();
    expect(error).toHaveBeenCalledTimes(3);
  });

  it('picks a range: start, end, and restart on an earlier day or after a full range', () => {
    let range = pickRange({}, day('2026-05-10'));
    range = pickRange(range, day('2026-05-14'));
    expect(range.end && formatDay(range.end)).toBe('2026-05-14');
    expect(inRange(day('2026-05-12'), range)).toBe(true);
    expect(inRange(day('2026-05-15'), range)).toBe(false);
    expect(pickRange(range, day('2026-05-20'))).toEqual({ start: day('2026-05-20') });
    expect(pickRange({ start: day('2026-05-10') }, day('2026-05-01'))).toEqual({
      start: day('2026-05-01'),
    });
  });
});
