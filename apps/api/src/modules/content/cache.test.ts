import { describe, expect, it } from 'vitest';
import { cachedFor } from './cache.ts';

describe('cachedFor', () => {
  it('loads once per period and again after it', async () => {
    let now = 0;
    let loads = 0;
    const value = cachedFor(
      1000,
      () => new Date(now),
      async () => (loads += 1),
    );
    expect(await Promise.all([value(), value()])).toEqual([1, 1]);
    now = 1000;
    expect(await value()).toBe(1);
    now = 1001;
    expect(await value()).toBe(2);
    expect(loads).toBe(2);
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const value = cachedFor(
      1000,
      () => new Date(0),
      async () => {
        if (fail) throw new Error('database down');
        return 'ok';
      },
    );
    await expect(value()).rejects.toThrow('database down');
    fail = false;
    expect(await value()).toBe('ok');
  });
});
