import { afterEach, describe, expect, it, vi } from 'vitest';
import { startRounds } from './rounds.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('startRounds', () => {
  it('runs a round after the first delay, then every interval, one at a time', async () => {
    vi.useFakeTimers();
    let running = 0;
    let most = 0;
    let rounds = 0;
    const slow = () =>
      new Promise<void>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        setTimeout(() => {
          running -= 1;
          rounds += 1;
          resolve();
        }, 250);
      });
    const stop = startRounds(slow, { firstAfterMs: 50, intervalMs: 100, onError: () => {} });
    await vi.advanceTimersByTimeAsync(49);
    expect(rounds).toBe(0);
    // Rounds of 250 ms asked for every 100 ms queue up instead of overlapping.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(most).toBe(1);
    expect(rounds).toBeGreaterThanOrEqual(3);
    const stopped = stop();
    await vi.advanceTimersByTimeAsync(5_000);
    await stopped;
    const after = rounds;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rounds).toBe(after);
  });

  it('reports a failed round and goes on with the next', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const stop = startRounds(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('first round failed');
      },
      { intervalMs: 100, onError: (error) => errors.push(error) },
    );
    await vi.advanceTimersByTimeAsync(250);
    expect(calls).toBe(2);
    expect(errors).toEqual([new Error('first round failed')]);
    await stop();
  });
});
