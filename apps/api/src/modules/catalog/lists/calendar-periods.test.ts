import { describe, expect, it } from 'vitest';
import { calendarPeriods, easterSunday } from './calendar-periods.ts';

const SEASONS = [
  { name: 'Winter', months: [12, 1, 2] },
  { name: 'Spring', months: [3, 4, 5] },
  { name: 'Summer', months: [6, 7, 8] },
  { name: 'Autumn', months: [9, 10, 11] },
];

const names = (today: string) => calendarPeriods(today, SEASONS).map((period) => period.name);
const period = (today: string, name: string) =>
  calendarPeriods(today, SEASONS).find((item) => item.name === name);

describe('easterSunday', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ])('%i -> %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });
});

describe('calendarPeriods', () => {
  it('lists holidays, then seasons, then the next twelve months, each group by start date', () => {
    expect(names('2026-05-10')).toEqual([
      'Thanksgiving 2026',
      'Christmas and New Year 2026/27',
      'Easter 2027',
      'Spring 2026',
      'Summer 2026',
      'Autumn 2026',
      'Winter 2026/27',
      'May 2026',
      'June 2026',
      'July 2026',
      'August 2026',
      'September 2026',
      'October 2026',
      'November 2026',
      'December 2026',
      'January 2027',
      'February 2027',
      'March 2027',
      'April 2027',
    ]);
  });

  it('starts a period under way today and never lists a period that is over', () => {
    const today = '2026-05-10';
    const periods = calendarPeriods(today, SEASONS);
    for (const item of periods) {
      expect(item.date_from >= today).toBe(true);
      expect(item.date_to >= item.date_from).toBe(true);
    }
    expect(period(today, 'May 2026')).toEqual({
      name: 'May 2026',
      date_from: '2026-05-10',
      date_to: '2026-05-31',
    });
    expect(period(today, 'Spring 2026')).toEqual({
      name: 'Spring 2026',
      date_from: '2026-05-10',
      date_to: '2026-05-31',
    });
  });

  it('computes the holidays of the right year', () => {
    expect(period('2026-05-10', 'Thanksgiving 2026')).toEqual({
      name: 'Thanksgiving 2026',
      date_from: '2026-11-26',
      date_to: '2026-11-29',
    });
    expect(period('2026-01-03', 'Easter 2026')).toEqual({
      name: 'Easter 2026',
      date_from: '2026-04-03',
      date_to: '2026-04-06',
    });
  });

  it('keeps a season or holiday that wraps over the new year while it lasts', () => {
    expect(period('2026-01-03', 'Christmas and New Year 2025/26')).toEqual({
      name: 'Christmas and New Year 2025/26',
      date_from: '2026-01-03',
      date_to: '2026-01-07',
    });
    expect(period('2026-01-03', 'Winter 2025/26')).toEqual({
      name: 'Winter 2025/26',
      date_from: '2026-01-03',
      date_to: '2026-02-28',
    });
    expect(period('2028-02-29', 'Winter 2027/28')?.date_to).toBe('2028-02-29');
  });

  it('rolls over to next year once a period has ended', () => {
    expect(period('2026-12-31', 'December 2026')?.date_from).toBe('2026-12-31');
    expect(names('2027-01-08')).toContain('Christmas and New Year 2027/28');
    expect(names('2027-01-08')).not.toContain('Christmas and New Year 2026/27');
  });

  it('answers months alone when there are no seasons', () => {
    const periods = calendarPeriods('2026-05-10', []);
    expect(periods).toHaveLength(3 + 12);
  });
});
