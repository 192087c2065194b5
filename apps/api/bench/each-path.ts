/**
 * `bench:index --each-path` (issue 45): the mix's index pass with every shortcut path, side by
 * side with the same mix with one path turned off (`IndexQuery.withoutPaths`), per path. Passes
 * over the whole mix alternate ABBA (with, without, without, with …) so a machine slowing down
 * mid-run favours neither; a search's time per variant is the median of its passes. A path is
 * worth what the p95 over the mix gets worse without it.
 */
import { median } from './scale.ts';

/** The pass order of `repeats` ABBA blocks: true runs with every path, false without one. */
export function passOrder(repeats: number): boolean[] {
  return Array.from({ length: repeats }, () => [true, false, false, true]).flat();
}

/** The `fraction` percentile of `values` (nearest rank). */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export interface PathSample {
  /** The search's kind in the mix (`fresh: …` for fresh searches). */
  kind: string;
  /** Its times with every path, and without the path, one per pass. */
  with: number[];
  without: number[];
}

export interface PathWorth {
  path: string;
  withMean: number;
  withoutMean: number;
  withP95: number;
  withoutP95: number;
  /** How much worse p95 is without the path, in ms (negative: better without it). */
  worthMs: number;
  /** `worthMs` as a share of the reference p95 (the whole search's, or the pass's own). */
  worthShare: number;
  withoutMax: number;
  /** The kind whose mean grew most without the path, and by how much (ms). */
  worstKind: string;
  worstKindMs: number;
}

/** A path's worth from its samples, against `referenceP95` (ms). */
export function pathWorth(path: string, samples: PathSample[], referenceP95: number): PathWorth {
  const withTimes = samples.map((sample) => median(sample.with));
  const withoutTimes = samples.map((sample) => median(sample.without));
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const withP95 = percentile(withTimes, 0.95);
  const withoutP95 = percentile(withoutTimes, 0.95);
  const byKind = new Map<string, number[]>();
  samples.forEach((sample, n) => {
    byKind.set(sample.kind, [...(byKind.get(sample.kind) ?? []), withoutTimes[n]! - withTimes[n]!]);
  });
  let worstKind = '';
  let worstKindMs = -Infinity;
  for (const [kind, growth] of byKind) {
    if (mean(growth) > worstKindMs) [worstKind, worstKindMs] = [kind, mean(growth)];
  }
  return {
    path,
    withMean: mean(withTimes),
    withoutMean: mean(withoutTimes),
    withP95,
    withoutP95,
    worthMs: withoutP95 - withP95,
    worthShare: (withoutP95 - withP95) / referenceP95,
    withoutMax: Math.max(...withoutTimes),
    worstKind,
    worstKindMs,
  };
}

/** The report's table: one row per path. */
export function pathWorthTable(rows: PathWorth[], referenceP95: number): string {
  const ms = (value: number) => value.toFixed(2);
  const lines = [
    `worth = p95 without the path − p95 with it, as % of the reference p95 ${ms(referenceP95)} ms`,
    '| path | mean with | mean without | p95 with | p95 without | worth ms | worth % | max without | kind hit most (mean +ms) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.path} | ${ms(row.withMean)} | ${ms(row.withoutMean)} | ${ms(row.withP95)} | ` +
        `${ms(row.withoutP95)} | ${ms(row.worthMs)} | ${(row.worthShare * 100).toFixed(1)}% | ` +
        `${ms(row.withoutMax)} | ${row.worstKind} (${ms(row.worstKindMs)}) |`,
    );
  }
  return lines.join('\n');
}
