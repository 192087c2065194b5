import { describe, expect, it } from 'vitest';
import { Random } from '@gallop/api/src/shared/random.ts';
import { bestRidingMonths, describeMonths, destinationArticle } from './blog.ts';
import { countryTraits, latitudeTraits, monthlyNormals } from './climate.ts';
import { placeName } from './html.ts';
import { isUsableSlug, restKindTitle, seasonWindow } from './seo-pages.ts';
import { formatPhone } from './site.ts';

const warmestMonth = (lat: number, iso = '') =>
  monthlyNormals(lat, countryTraits(iso, lat)).reduce((top, month) =>
    month.temperatureMax > top.temperatureMax ? month : top,
  ).month;

describe('monthlyNormals', () => {
  it('puts summer in July north of the equator and in January south of it', () => {
    expect(warmestMonth(47, 'MN')).toBe(7);
    expect(warmestMonth(-34, 'AR')).toBe(1);
  });

  it('gives plausible values: min below max, rain and sunny days within bounds', () => {
    for (const lat of [-45, -20, 0, 15, 35, 50, 65]) {
      const normals = monthlyNormals(lat, latitudeTraits(lat));
      expect(normals.map((month) => month.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      for (const month of normals) {
        expect(month.temperatureMin).toBeLessThan(month.temperatureMax);
        expect(month.temperatureMin).toBeGreaterThan(-45);
        expect(month.temperatureMax).toBeLessThan(45);
        expect(month.precipitationMm).toBeGreaterThanOrEqual(0);
        expect(month.precipitationMm).toBeLessThan(700);
        expect(month.sunnyDays).toBeGreaterThanOrEqual(0);
        expect(month.sunnyDays).toBeLessThanOrEqual(31);
      }
    }
  });

  it('keeps oceanic Iceland mild and makes continental Mongolia bitter in winter', () => {
    const iceland = monthlyNormals(64.9, countryTraits('IS', 64.9));
    const mongolia = monthlyNormals(46.9, countryTraits('MN', 46.9));
    expect(iceland[0]!.temperatureMin).toBeGreaterThan(-8);
    expect(iceland[6]!.temperatureMax).toBeLessThan(18);
    expect(mongolia[0]!.temperatureMax).toBeLessThan(-5);
    expect(mongolia[6]!.temperatureMax).toBeGreaterThan(20);
  });

  it('keeps deserts dry and tropical coasts wet', () => {
    const yearly = (lat: number, iso: string) =>
      monthlyNormals(lat, countryTraits(iso, lat)).reduce((sum, m) => sum + m.precipitationMm, 0);
    expect(yearly(26.8, 'EG')).toBeLessThan(100);
    expect(yearly(6.4, 'LR')).toBeGreaterThan(2500);
  });
});

describe('riding months', () => {
  it('describes runs of months in words', () => {
    expect(describeMonths([5, 6, 7, 9])).toBe('May to July and September');
    expect(describeMonths([1])).toBe('January');
    expect(describeMonths([3, 4, 10, 11])).toBe('March to April and October to November');
  });

  it('picks mild, not too wet months, or the warmest three where none is mild', () => {
    const climate = Array.from({ length: 12 }, (_, index) => ({
      temperatureMin: index - 10,
      temperatureMax: index + 5,
      precipitationMm: index === 10 ? 200 : 40,
    }));
    // Max 14..29 for months 10..12 (index 9..11); month 11 is the wettest.
    expect(bestRidingMonths(climate)).toEqual([10, 12]);
    const cold = climate.map((month) => ({ ...month, temperatureMax: month.temperatureMax - 40 }));
    expect(bestRidingMonths(cold)).toEqual([10, 11, 12]);
  });

  it('composes a destination guide with its regions, months and an escaped HTML body', () => {
    const article = destinationArticle(
      {
        country: 'United Kingdom',
        countrySlug: 'united-kingdom',
        worldPart: 'Europe',
        regions: [
          { name: 'Scottish Highlands', cities: ['Inverness'], showplaces: ['Glen Coe'] },
          { name: 'Dartmoor & <Moors>', cities: [], showplaces: [] },
        ],
        restKinds: ['Trail riding'],
        climate: monthlyNormals(54, countryTraits('GB', 54)),
      },
      new Random(1),
    );
    expect(article.category).toBe('destinations');
    expect(article.title).toMatch(/(^The|in the) United Kingdom/);
    expect(article.body).toContain(
      '<strong>Scottish Highlands</strong>: rides usually start from Inverness.',
    );
    expect(article.body).toContain('Dartmoor &#38; &#60;Moors&#62;');
    expect(article.body).not.toContain('<Moors>');
    expect(article.body).toMatch(/The best months for riding are [A-Z]/);
    expect(article.tags).toEqual(['united-kingdom', 'europe', 'seasons']);
  });
});

describe('SEO page helpers', () => {
  it('refuses slugs of tours (ending in -<id>), web routes and malformed ones', () => {
    expect(isUsableSlug('iceland')).toBe(true);
    expect(isUsableSlug('trail-riding-iceland')).toBe(true);
    expect(isUsableSlug('iceland-summer-2026')).toBe(false);
    expect(isUsableSlug('blog')).toBe(false);
    expect(isUsableSlug('help-center')).toBe(false);
    expect(isUsableSlug('Iceland')).toBe(false);
    expect(isUsableSlug('a--b')).toBe(false);
  });

  it('names rest kind pages naturally', () => {
    expect(restKindTitle('Trail riding')).toBe('Trail riding tours');
    expect(restKindTitle('River cruises')).toBe('River cruises');
    expect(restKindTitle('Winter rides')).toBe('Winter rides');
  });

  it('finds the next season window by hemisphere, across the new year', () => {
    expect(seasonWindow({ name: 'summer', months: [6, 8] }, false, '2026-03-10')).toEqual({
      dateFrom: '2026-06-01',
      dateTo: '2026-08-31',
    });
    expect(seasonWindow({ name: 'summer', months: [6, 8] }, false, '2026-09-01')).toEqual({
      dateFrom: '2027-06-01',
      dateTo: '2027-08-31',
    });
    // Southern summer is December to February.
    expect(seasonWindow({ name: 'summer', months: [6, 8] }, true, '2026-03-10')).toEqual({
      dateFrom: '2026-12-01',
      dateTo: '2027-02-28',
    });
    // In January the northern winter under way is still the one to show.
    expect(seasonWindow({ name: 'winter', months: [12, 2] }, false, '2026-01-20')).toEqual({
      dateFrom: '2025-12-01',
      dateTo: '2026-02-28',
    });
  });

  it('adds "the" before country names that need it', () => {
    expect(placeName('United States')).toBe('the United States');
    expect(placeName('Iceland')).toBe('Iceland');
  });
});

describe('formatPhone', () => {
  it('groups the digits after the country code', () => {
    expect(formatPhone('+14155550134', 1, [3, 3, 4])).toBe('+1 415 555 0134');
    expect(formatPhone('+3545551234', 3, [3, 4])).toBe('+354 555 1234');
    expect(formatPhone('+442079460958', 2, [2, 4])).toBe('+44 20 7946 0958');
  });
});
