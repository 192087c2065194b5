/**
 * "Fits me first" side by side (`--passport`, issue 46, decision 109): the mix as it is, the mix
 * sorted `fit` with a rider passport in `X-Rider-Passport`, and the mix with the header sent but
 * its own sorts (which ignore it), measured by one server in one run, in rounds that alternate
 * the order (A B C, then C B A) so a machine slowing down mid-run does not favour one of them.
 */
import type { LoadResult } from './load.ts';
import type { SearchQuery } from './mix.ts';
import type { SearchMode } from './options.ts';
import { median } from './scale.ts';

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

/** The variants in the order of each round: forwards, then backwards. */
export function passportRounds(rounds: number): PassportVariant[][] {
  const forwards: PassportVariant[] = ['without', 'fit', 'header'];
  return Array.from({ length: rounds }, (_, round) =>
    round % 2 === 0 ? forwards : [...forwards].reverse(),
  );
}

export interface PassportMeasurement {
  cache: SearchMode;
  round: number;
  variant: PassportVariant;
  result: LoadResult;
}

/** Per variant with a passport: its p95 over the same round's `without`, and their median. */
export function passportRatios(
  measured: PassportMeasurement[],
): { cache: SearchMode; variant: PassportVariant; perRound: number[]; median: number }[] {
  const ratios: ReturnType<typeof passportRatios> = [];
  for (const cache of [...new Set(measured.map((point) => point.cache))]) {
    for (const variant of ['fit', 'header'] as const) {
      const perRound: number[] = [];
      for (const round of [...new Set(measured.map((point) => point.round))]) {
        const of = (wanted: PassportVariant) =>
          measured.find(
            (point) => point.cache === cache && point.round === round && point.variant === wanted,
          );
        const base = of('without');
        const with_ = of(variant);
        if (base && with_) perRound.push(with_.result.p95 / base.result.p95);
      }
      if (perRound.length > 0) ratios.push({ cache, variant, perRound, median: median(perRound) });
    }
  }
  return ratios;
}
