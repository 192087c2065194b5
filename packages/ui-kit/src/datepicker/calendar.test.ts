import { describe, expect, it, vi } from 'vitest';
import {
  CALENDAR_DAYS_PER_WEEK,
  CALENDAR_WEEKS,
  dayOf,
  monthGrid,
  parseBound,
  parseBoundDay,
  parseDay,
  weekStartFor,
} from './calendar';

const day = (text: string) => new Date(`${text}T00:00:00`);
/** A local Date as `YYYY-MM-DD`. */
const formatDay = (date: Date) => dayOf(date).toString();

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

  it('reads values and bounds as calendar days', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(parseDay('2026-05-20')?.toString()).toBe('2026-05-20');
    expect(parseDay('2026-04-31')).toBeUndefined();
    expect(parseDay('20.05.2026')).toBeUndefined();
    expect(parseDay(null)).toBeUndefined();
    const today = dayOf(new Date(2026, 4, 17, 23, 59));
    expect(today.toString()).toBe('2026-05-17');
    expect(parseBoundDay('today', today)).toBe(today);
    expect(parseBoundDay('2026-06-01', today)?.toString()).toBe('2026-06-01');
    expect(parseBoundDay('2026-13-01', today)).toBeUndefined();
    expect(parseBoundDay(undefined, today)).toBeUndefined();
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});
