import { describe, expect, it } from 'vitest';
import { MAX_TIMER_DELAY, timerDelay } from './timers';

describe('timerDelay', () => {
  it('caps delays at 2147483647 ms and keeps shorter ones', () => {
    expect(MAX_TIMER_DELAY).toBe(2147483647);
    expect(timerDelay(7000)).toBe(7000);
    expect(timerDelay(3_000_000_000)).toBe(MAX_TIMER_DELAY);
    expect(timerDelay(Infinity)).toBe(MAX_TIMER_DELAY);
    expect(timerDelay(-5)).toBe(0);
    expect(timerDelay(Number.NaN)).toBe(0);
  });
});
