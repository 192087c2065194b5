import { describe, expect, it } from 'vitest';
import {
  climateHighlights,
  describeMonths,
  formatRain,
  formatTemperature,
  monthName,
  pleasantMonths,
  shortMonthName,
  temperatureIn,
  type ClimateMonth,
} from './climate';

const month = (
  number: number,
  temperature_max: number,
  precipitation_mm: number,
  temperature_min = temperature_max - 10,
): ClimateMonth => ({ month: number, temperature_min, temperature_max, precipitation_mm });

describe('units', () => {
  it('shows Celsius and millimetres in metric countries', () => {
    expect(formatTemperature(29.6, 'metric')).toBe('30\u00a0°C');
    expect(formatTemperature(-0.2, 'metric')).toBe('0\u00a0°C');
    expect(formatRain(49.6, 'metric')).toBe('50\u00a0mm');
  });

  it('converts to Fahrenheit and inches for imperial countries', () => {
    expect(temperatureIn(30, 'imperial')).toBe(86);
    expect(temperatureIn(-40, 'imperial')).toBe(-40);
    expect(formatTemperature(0, 'imperial')).toBe('32\u00a0°F');
    expect(formatRain(50.8, 'imperial')).toBe('2.0\u00a0in');
    expect(formatRain(27, 'imperial')).toBe('1.1\u00a0in');
  });
});

describe('month names', () => {
  it('names months 1-12', () => {
    expect(monthName(1)).toBe('January');
    expect(monthName(12)).toBe('December');
    expect(shortMonthName(9)).toBe('Sep');
  });
});

describe('pleasantMonths', () => {
  it('keeps mild, fairly dry months', () => {
    const months = [month(1, 30, 40), month(2, 24, 40), month(3, 24, 120), month(4, 15, 80)];
    expect(pleasantMonths(months)).toEqual([2, 4]);
    // The season check's good months (decision 117): 12 °C and 100 mm are in.
    expect(pleasantMonths([month(1, 12, 100), month(2, 11.9, 40), month(3, 20, 100.5)])).toEqual([
      1,
    ]);
  });
});

describe('describeMonths', () => {
  it('joins consecutive months into ranges', () => {
    expect(describeMonths([3, 4, 5, 9, 10, 11])).toBe('March–May and September–November');
    expect(describeMonths([7])).toBe('July');
    expect(describeMonths([1, 3, 5])).toBe('January, March, and May');
  });

  it('keeps a range that runs over the new year together', () => {
    expect(describeMonths([1, 2, 11, 12])).toBe('November–February');
    expect(describeMonths([12, 1, 5])).toBe('May and December–January');
  });

  it('says so when every month qualifies, and nothing when none does', () => {
    expect(describeMonths([...Array(12).keys()].map((index) => index + 1))).toBe('all year round');
    expect(describeMonths([])).toBe('');
  });
});

describe('climateHighlights', () => {
  it('finds the warmest, coldest, wettest and driest months', () => {
    const months = [month(1, 30, 50, 19), month(6, 12, 28, 1), month(7, 11, 27, -0.2)];
    const highlights = climateHighlights(months);
    expect(highlights?.warmest.month).toBe(1);
    expect(highlights?.coldest.month).toBe(7);
    expect(highlights?.wettest.month).toBe(1);
    expect(highlights?.driest.month).toBe(7);
  });

  it('gives the first month on a tie, and nothing without data', () => {
    expect(climateHighlights([month(4, 20, 30), month(5, 20, 30)])?.warmest.month).toBe(4);
    expect(climateHighlights([])).toBeUndefined();
  });
});
