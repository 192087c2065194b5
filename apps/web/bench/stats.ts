import os from 'node:os';

/** Median of the values (mean of the middle two for an even count); NaN when empty. */
export function median(values: number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank]!;
}

/** The machine's 1, 5 and 15 minute load averages, as the reports keep them beside the figures. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

/**
 * The order `count` builds take in run `run` (1-based): reversed every other run, so no build
 * always goes first.
 */
export function alternatingOrder(count: number, run: number): number[] {
  const order = Array.from({ length: count }, (_, index) => index);
  return run % 2 === 0 ? order.reverse() : order;
}

/** How many runs of `now` read more than the `before` run made beside them (same index). */
export function runsAbove(before: number[], now: number[]): number {
  return now.filter((value, index) => index < before.length && value > before[index]!).length;
}

/** median(now) / median(before). */
export function medianRatio(before: number[], now: number[]): number {
  return median(now) / median(before);
}
