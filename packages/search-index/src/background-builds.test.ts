import { afterEach, describe, expect, it } from 'vitest';
import {
  backgroundBuildsPending,
  backgroundBuildsSettled,
  buildInBackground,
  MAX_QUEUED_BUILDS,
} from './background-builds';
import type { Steps } from './steps';

afterEach(async () => {
  await backgroundBuildsSettled();
});

/** A build of `steps` steps that records each step it runs under `name`. */
function recorded(log: string[], name: string, steps = 2) {
  return function* (): Steps<void> {
    for (let step = 0; step < steps; step += 1) {
      log.push(`${name}${step}`);
      yield;
    }
  };
}

describe('buildInBackground (structures built between requests, decision 086)', () => {
  it('runs nothing on the caller’s turn, then each build once, in the order queued', async () => {
    const log: string[] = [];
    expect(buildInBackground('a', recorded(log, 'a'))).toBe(true);
    expect(buildInBackground('b', recorded(log, 'b'))).toBe(true);
    // Asked again while queued: not queued twice.
    expect(buildInBackground('a', recorded(log, 'again'))).toBe(false);
    expect(log).toEqual([]);
    expect(backgroundBuildsPending()).toBe(2);
    await backgroundBuildsSettled();
    expect(log).toEqual(['a0', 'a1', 'b0', 'b1']);
    expect(backgroundBuildsPending()).toBe(0);
    // Once built, the same key may be queued again (a value let go and asked anew).
    expect(buildInBackground('a', recorded(log, 'c', 1))).toBe(true);
    await backgroundBuildsSettled();
    expect(log.at(-1)).toBe('c0');
  });

  it('queues at most MAX_QUEUED_BUILDS, and drops a failing build without stopping the rest', async () => {
    const log: string[] = [];
    expect(
      buildInBackground('failing', function* (): Steps<void> {
        yield;
        throw new Error('out of memory');
      }),
    ).toBe(true);
    for (let build = 1; build < MAX_QUEUED_BUILDS; build += 1) {
      expect(buildInBackground(build, recorded(log, `#${build}:`, 1))).toBe(true);
    }
    expect(buildInBackground('one too many', recorded(log, 'x', 1))).toBe(false);
    await backgroundBuildsSettled();
    expect(log).toHaveLength(MAX_QUEUED_BUILDS - 1);
    expect(log).not.toContain('x0');
    expect(backgroundBuildsPending()).toBe(0);
    expect(buildInBackground('failing', recorded(log, 'retried', 1))).toBe(true);
    await backgroundBuildsSettled();
    expect(log.at(-1)).toBe('retried0');
  });
});
