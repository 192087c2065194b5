import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD_CHECK_INTERVAL_MS, buildMetaPath, isBuildStale, watchBuild } from './build-watch';

const answer = (status: number, body: unknown = {}) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('isBuildStale', () => {
  it('asks the meta of its own build', async () => {
    const fetch = vi.fn(() => answer(200, { id: 'abc' }));
    expect(await isBuildStale('abc', fetch)).toBe(false);
    expect(fetch).toHaveBeenCalledWith('/builds/meta/abc.json', { cache: 'no-store' });
    expect(buildMetaPath('a/b')).toBe('/builds/meta/a%2Fb.json');
  });

  it('is stale on a 404 or another id, unknown when the server cannot say', async () => {
    expect(await isBuildStale('abc', () => answer(404))).toBe(true);
    expect(await isBuildStale('abc', () => answer(200, { id: 'new' }))).toBe(true);
    expect(await isBuildStale('abc', () => answer(502))).toBeUndefined();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(
      await isBuildStale('abc', () => Promise.reject(new TypeError('offline'))),
    ).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('watchBuild', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks every 5 minutes and on focus, and reports a stale build once', async () => {
    let served = 'abc';
    const fetch = vi.fn(() => answer(served === 'abc' ? 200 : 404, { id: served }));
    const onStale = vi.fn();
    watchBuild({ buildId: 'abc', onStale, fetch });

    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onStale).not.toHaveBeenCalled();

    served = 'def';
    await vi.advanceTimersByTimeAsync(30_000);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(onStale).toHaveBeenCalledOnce();

    // Stopped: no more checks.
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 2);
    window.dispatchEvent(new Event('focus'));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('skips a focus check right after another check', async () => {
    const fetch = vi.fn(() => answer(200, { id: 'abc' }));
    const stop = watchBuild({ buildId: 'abc', onStale: vi.fn(), fetch });
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).not.toHaveBeenCalled();
    stop();
  });
});
