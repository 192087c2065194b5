/**
 * "Fits me first" side by side (`--passport`, issue 46, decision 109): the mix as it is, the mix
 * sorted `fit` with a rider passport in `X-Rider-Passport`, and the mix with the header sent but
 * its own sorts (which ignore it), measured by one server in one run (bench/side-by-side.ts).
 */
import type { SearchQuery } from './mix.ts';
import {
  alternatingRounds,
  ratiosOverBase,
  type SideBySide,
  type VariantMeasurement,
} from './side-by-side.ts';

/**
 * Passports as guests keep them (`passportToCookie`): light and heavy riders of every kind, so
 * the verdicts, and the heavier-horse places some of them need, vary from search to search.
 */
export const BENCH_PASSPORTS = [
  'level=novice&tack=english&hours=3&weight=104',
  'level=intermediate&tack=western&hours=5&weight=88',
  'level=beginner&hours=2&weight=70',
  'level=advanced&tack=english&hours=8&weight=112',
  'level=strong-intermediate&tack=other&hours=6',
] as const;

export type PassportVariant = 'without' | 'fit' | 'header';

export const VARIANT_LABELS: Readonly<Record<PassportVariant, string>> = {
  without: 'no passport (the mix as it is)',
  fit: 'sort=fit, passport sent',
  header: 'passport sent, the mix’s own sorts',
};

/** The mix as `variant` sends it: the passport in the header, never in the path. */
export function passportMix(mix: SearchQuery[], variant: PassportVariant): SearchQuery[] {
  if (variant === 'without') return mix;
  return mix.map((query, at) => {
    const url = new URL(query.path, 'http://bench.invalid');
    if (variant === 'fit') url.searchParams.set('sort', 'fit');
    return {
      kind: query.kind,
      path: `${url.pathname}${url.search}`,
      headers: {
        ...query.headers,
        'x-rider-passport': BENCH_PASSPORTS[at % BENCH_PASSPORTS.length]!,
      },
    };
  });
}

/** "Fits me first" side by side: the mix as it is first, the base of the ratios. */
export const PASSPORT_SIDE_BY_SIDE: SideBySide<PassportVariant> = {
  title: '"fits me first" side by side',
  variants: ['without', 'fit', 'header'],
  labels: VARIANT_LABELS,
  mix: passportMix,
};

export type PassportMeasurement = VariantMeasurement<PassportVariant>;

/** The variants in the order of each round: forwards, then backwards. */
export const passportRounds = (rounds: number): PassportVariant[][] =>
  alternatingRounds(PASSPORT_SIDE_BY_SIDE.variants, rounds);

/** Per variant with a passport: its p95 over the same round's `without`, and their median. */
export const passportRatios = (measured: PassportMeasurement[]) =>
  ratiosOverBase(measured, PASSPORT_SIDE_BY_SIDE.variants);
