import { describe, expect, it } from 'vitest';
import { isDeadlock, retryOnDeadlock } from './deadlocks.ts';

/** A driver's deadlock error as drizzle wraps it. */
const deadlock = () =>
  new Error('Failed query', {
    cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
  });

describe('retryOnDeadlock', () => {
  it('knows a deadlock, also wrapped, and nothing else', () => {
    expect(isDeadlock(deadlock())).toBe(true);
    expect(isDeadlock(Object.assign(new Error('x'), { code: '40P01' }))).toBe(true);
    expect(isDeadlock(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isDeadlock('40P01')).toBe(false);
  });

  it('runs a transaction aborted as a deadlock again, and gives up after four tries', async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls += 1;
        if (calls < 3) throw deadlock();
        return 'done';
      }),
    ).resolves.toBe('done');
    expect(calls).toBe(3);

    calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls += 1;
        throw deadlock();
      }),
    ).rejects.toThrow('Failed query');
    expect(calls).toBe(4);
  });

  it('does not run again what failed otherwise', async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls += 1;
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(calls).toBe(1);
  });
});
