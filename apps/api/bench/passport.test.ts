import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load.ts';
import type { SearchQuery } from './mix.ts';
import { BENCH_PASSPORTS, passportMix, passportRatios, passportRounds } from './passport.ts';

const mix: SearchQuery[] = [
  { kind: 'listing', path: '/spa/tours', headers: {} },
  { kind: 'sorted by price', path: '/spa/tours?sort=price&page=2', headers: {} },
  {
    kind: 'price range',
    path: '/spa/tours?priceMin=250&priceMax=1000',
    headers: { 'x-currency': 'EUR' },
  },
];

describe('passportMix', () => {
  it('sorts every query fit and sends a passport in the header, never in the path', () => {
    const fit = passportMix(mix, 'fit');
    expect(fit.map((query) => query.path)).toEqual([
      '/spa/tours?sort=fit',
      '/spa/tours?sort=fit&page=2',
      '/spa/tours?priceMin=250&priceMax=1000&sort=fit',
    ]);
    expect(fit.map((query) => query.headers['x-rider-passport'])).toEqual(
      BENCH_PASSPORTS.slice(0, 3),
    );
    expect(fit[2]!.headers['x-currency']).toBe('EUR');
    for (const query of fit) expect(query.path).not.toMatch(/weight|level/);
  });

  it('keeps the paths for the header alone, and the mix as it is without a passport', () => {
    const header = passportMix(mix, 'header');
    expect(header.map((query) => query.path)).toEqual(mix.map((query) => query.path));
    expect(header.every((query) => query.headers['x-rider-passport'])).toBe(true);
    expect(passportMix(mix, 'without')).toBe(mix);
  });
});

describe('passportRounds and passportRatios', () => {
  it('alternates the order, and compares each variant with the same round’s mix', () => {
    expect(passportRounds(3)).toEqual([
      ['without', 'fit', 'header'],
      ['header', 'fit', 'without'],
      ['without', 'fit', 'header'],
    ]);
    const result = (p95: number) => ({ p95 }) as LoadResult;
    const ratios = passportRatios([
      { cache: 'off', round: 1, variant: 'without', result: result(10) },
      { cache: 'off', round: 1, variant: 'fit', result: result(12) },
      { cache: 'off', round: 1, variant: 'header', result: result(10) },
      { cache: 'off', round: 2, variant: 'header', result: result(22) },
      { cache: 'off', round: 2, variant: 'fit', result: result(20) },
      { cache: 'off', round: 2, variant: 'without', result: result(20) },
    ]);
    expect(ratios).toEqual([
      { cache: 'off', variant: 'fit', perRound: [1.2, 1], median: 1.1 },
      { cache: 'off', variant: 'header', perRound: [1, 1.1], median: 1.05 },
    ]);
  });
});
