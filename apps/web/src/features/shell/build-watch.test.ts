import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_RULES } from '../../../server/build-meta';
import { BUILD_CHECK_INTERVAL_MS, buildMetaPath, checkBuild, watchBuild } from './build-watch';

const answer = (status: number, body: unknown = {}) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

const meta = (id: string, matcher: unknown = ROUTE_RULES) => ({ id, timestamp: 1, matcher });

describe('checkBuild', () => {
  it('asks the meta of its own build and reads its route rules', async () => {
    const fetch = vi.fn(() => answer(200, meta('abc')));
    const found = await checkBuild('abc', fetch);
    expect(found?.stale).toBe(false);
    expect(found?.stale === false && found.rules?.('/favorites')).toEqual({
      ssr: true,
      noindex: true,
    });
    expect(fetch).toHaveBeenCalledWith('/builds/meta/abc.json', { cache: 'no-store' });
    expect(buildMetaPath('a/b')).toBe('/builds/meta/a%2Fb.json');
  });

  it('is stale on a 404 or another id, unknown when the server cannot say', async () => {
    expect(await checkBuild('abc', () => answer(404))).toEqual({ stale: true });
    expect(await checkBuild('abc', () => answer(200, meta('new')))).toEqual({ stale: true });
    expect(await checkBuild('abc', () => answer(502))).toBeUndefined();
    const warn = vi.fn();
    expect(
      await checkBuild('abc', () => Promise.reject(new TypeError('offline')), warn),
    ).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      'Build check: the manifest did not load',
      expect.any(TypeError),
    );
  });

  it('logs a matcher it cannot read, and the build is not taken for stale', async () => {
    const warn = vi.fn();
    for (const body of [
      { id: 'abc' },
      meta('abc', { '/**': 'ssr' }),
      meta('abc', { '/a/*/b': {} }),
    ]) {
      const found = await checkBuild('abc', () => answer(200, body), warn);
      expect(found).toEqual({ stale: false, rules: undefined });
    }
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls[0]?.[0]).toBe('Build check: the manifest’s route matcher is unusable');
  });
});

describe('watchBuild', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks at start, every 5 minutes and on focus, and reports a stale build once', async () => {
    let served = 'abc';
    const fetch = vi.fn(() => answer(served === 'abc' ? 200 : 404, meta(served)));
    const onStale = vi.fn();
    const onRules = vi.fn();
    watchBuild({ buildId: 'abc', onStale, onRules, fetch });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onRules).toHaveBeenCalledOnce();
    expect(onRules.mock.calls[0]?.[0]('/settings')).toEqual({ ssr: true, noindex: true });

    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(onStale).not.toHaveBeenCalled();

    served = 'def';
    await vi.advanceTimersByTimeAsync(30_000);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(onStale).toHaveBeenCalledOnce();

    // Stopped: no more checks.
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 2);
    window.dispatchEvent(new Event('focus'));
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('skips a focus check right after another check', async () => {
    const fetch = vi.fn(() => answer(200, meta('abc')));
    const stop = watchBuild({ buildId: 'abc', onStale: vi.fn(), fetch });
    await vi.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledOnce();
    stop();
  });
});
