/**
 * Variants of the mix measured side by side by one server in one run (`--passport`, `--map`): in
 * rounds that alternate the order (A B C, then C B A) so a machine slowing down mid-run does not
 * favour one of them, each variant's p95 then read over the same round's first variant's.
 */
import type { LoadResult } from './load.ts';
import type { SearchQuery } from './mix.ts';
import type { SearchMode } from './options.ts';
import { median } from './scale.ts';

/** A comparison: its variants (the first is the base the others are read against). */
export interface SideBySide<Variant extends string> {
  /** What the report's heading calls it. */
  title: string;
  variants: readonly [Variant, ...Variant[]];
  labels: Readonly<Record<Variant, string>>;
  /** The mix as `variant` sends it. */
  mix(mix: SearchQuery[], variant: Variant): SearchQuery[];
}

export interface VariantMeasurement<Variant extends string> {
  cache: SearchMode;
  round: number;
  variant: Variant;
  result: LoadResult;
}

/** The variants in the order of each round: forwards, then backwards. */
export function alternatingRounds<Variant extends string>(
  variants: readonly Variant[],
  rounds: number,
): Variant[][] {
  return Array.from({ length: rounds }, (_, round) =>
    round % 2 === 0 ? [...variants] : [...variants].reverse(),
  );
}

/** Per variant but the base: its p95 over the same round's base, and their median. */
export function ratiosOverBase<Variant extends string>(
  measured: VariantMeasurement<Variant>[],
  [base, ...others]: readonly [Variant, ...Variant[]],
): { cache: SearchMode; variant: Variant; perRound: number[]; median: number }[] {
  const ratios: ReturnType<typeof ratiosOverBase<Variant>> = [];
  for (const cache of [...new Set(measured.map((point) => point.cache))]) {
    for (const variant of others) {
      const perRound: number[] = [];
      for (const round of [...new Set(measured.map((point) => point.round))]) {
        const of = (wanted: Variant) =>
          measured.find(
            (point) => point.cache === cache && point.round === round && point.variant === wanted,
          );
        const baseResult = of(base);
        const variantResult = of(variant);
        if (baseResult && variantResult) {
          perRound.push(variantResult.result.p95 / baseResult.result.p95);
        }
      }
      if (perRound.length > 0) ratios.push({ cache, variant, perRound, median: median(perRound) });
    }
  }
  return ratios;
}
