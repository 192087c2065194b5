import { describe, expect, it, vi } from 'vitest';
import { singleFlight } from './single-flight';

describe('singleFlight', () => {
  it('shares one run between concurrent callers', async () => {
    let resolve!: (token: string) => void;
    const refresh = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const refreshOnce = singleFlight(refresh);

    const first = refreshOnce();
    const second = refreshOnce();
    resolve('new-token');

    await expect(Promise.all([first, second])).resolves.toEqual(['new-token', 'new-token']);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('starts a new run after the previous one failed', async () => {
    const refresh = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('expired'))
      .mockResolvedValueOnce('token-2');
    const refreshOnce = singleFlight(refresh);

    await expect(refreshOnce()).rejects.toThrow('expired');
    await expect(refreshOnce()).resolves.toBe('token-2');
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
