/**
 * The scaling mode's plan and arithmetic (`--scale`), apart from the load itself so it can be
 * tested. On a shared two-core machine the same build's p95 moved by half within minutes, more
 * than any step between sizes: one measurement per size, minutes apart, gave a ratio no better
 * than the noise. So each size has a database of its own (a million tours take most of an hour
 * to seed, so nothing is reseeded between sizes), the sizes are measured in rounds, and each
 * round's ratios come from measurements taken back to back. The growth reported is the median of
 * the rounds' ratios.
 */
import type { LoadResult } from './load.ts';

export interface ScaleMeasurement {
  round: number;
  tours: number;
  search: LoadResult;
}

export interface ScaleStep {
  from: number;
  to: number;
  /** p95 at `to` over p95 at `from`, per round (rounds that measured both). */
  perRound: number[];
  median: number;
}

/**
 * The order of the measurements: ascending sizes in odd rounds, descending in even ones, so a
 * machine that slows down (or speeds up) over the run does not favour the larger size every time.
 */
export function scaleOrder(
  sizes: readonly number[],
  rounds: number,
): ScaleMeasurement['tours'][][] {
  const ascending = [...new Set(sizes)].sort((a, b) => a - b);
  return Array.from({ length: rounds }, (_, round) =>
    round % 2 === 0 ? ascending : [...ascending].reverse(),
  );
}

/**
 * The database of one size: the configured database's name with `_<tours>` appended
 * (`gallop_bench` → `gallop_bench_1000000`), on the same server.
 */
export function scaleDatabaseUrl(baseUrl: string, tours: number): string {
  const url = new URL(baseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  url.pathname = `/${encodeURIComponent(`${name}_${tours}`)}`;
  return url.toString();
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The p95 ratio between two sizes, per round and as the median of the rounds. */
function stepBetween(measured: readonly ScaleMeasurement[], from: number, to: number): ScaleStep {
  const rounds = [...new Set(measured.map((point) => point.round))].sort((a, b) => a - b);
  const perRound: number[] = [];
  for (const round of rounds) {
    const low = measured.find((point) => point.round === round && point.tours === from);
    const high = measured.find((point) => point.round === round && point.tours === to);
    if (low && high) perRound.push(high.search.p95 / low.search.p95);
  }
  return { from, to, perRound, median: median(perRound) };
}

/**
 * Each step between consecutive sizes (10k → 100k, 100k → 1M), then the whole span (10k → 1M)
 * when there are more than two sizes.
 */
export function scaleSteps(measured: readonly ScaleMeasurement[]): ScaleStep[] {
  const sizes = [...new Set(measured.map((point) => point.tours))].sort((a, b) => a - b);
  const steps: ScaleStep[] = [];
  for (let k = 1; k < sizes.length; k += 1) {
    steps.push(stepBetween(measured, sizes[k - 1]!, sizes[k]!));
  }
  if (sizes.length > 2) steps.push(stepBetween(measured, sizes[0]!, sizes[sizes.length - 1]!));
  return steps;
}
