import { describe, expect, it, vi } from 'vitest';
import { createTourIndexProvider } from './index-provider.ts';
import type { TourIndex } from './tour-index.ts';

const quiet = { info: () => {}, warn: () => {} };

/** A provider over a controllable clock, version and builder. */
function setup(options: { failFirst?: boolean } = {}) {
  const state = { version: 1, today: '2026-11-24', now: 0 };
  let builds = 0;
  const build = vi.fn(async (key: { version: number; today: string }) => {
    builds += 1;
    if (options.failFirst && builds === 1) throw new Error('database down');
    return { ...key, builtAt: state.now, size: 0 } as unknown as TourIndex;
  });
  const provider = createTourIndexProvider({
    versions: { current: async () => state.version },
    build,
    log: quiet,
    maxAgeMs: 1_000,
    retryAfterMs: 500,
    now: () => state.now,
    today: () => state.today,
  });
  /** Lets a background rebuild finish. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { state, build, provider, settle };
}

describe('createTourIndexProvider', () => {
  it('answers nothing until the first index is built, then that index', async () => {
    const { provider, build, settle } = setup();
    expect(await provider.current()).toBeUndefined();
    await settle();
    expect((await provider.current())?.version).toBe(1);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('falls back to SQL (undefined) when the catalogue version changes, until the rebuild lands', async () => {
    const { provider, state, settle } = setup();
    await provider.warm();
    state.version = 2;
    expect(await provider.current()).toBeUndefined();
    await settle();
    expect((await provider.current())?.version).toBe(2);
  });

  it('never serves an index built for another day', async () => {
    const { provider, state, settle } = setup();
    await provider.warm();
    state.today = '2026-11-25';
    expect(await provider.current()).toBeUndefined();
    await settle();
    expect((await provider.current())?.today).toBe('2026-11-25');
  });

  it('serves an old index while rebuilding it after maxAgeMs', async () => {
    const { provider, state, build, settle } = setup();
    await provider.warm();
    state.now = 1_500;
    expect((await provider.current())?.builtAt).toBe(0);
    await settle();
    expect((await provider.current())?.builtAt).toBe(1_500);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('is warmed once the first build has finished, built or failed', async () => {
    for (const failFirst of [false, true]) {
      const { provider } = setup({ failFirst });
      expect(provider.warmed()).toBe(false);
      const warming = provider.warm();
      expect(provider.warmed()).toBe(false);
      await warming;
      expect(provider.warmed()).toBe(true);
    }
  });

  it('shares one build between concurrent callers', async () => {
    const { provider, build } = setup();
    await Promise.all([provider.current(), provider.current(), provider.warm()]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('retries a failed build only after retryAfterMs', async () => {
    const { provider, state, build, settle } = setup({ failFirst: true });
    await provider.warm();
    expect(await provider.current()).toBeUndefined();
    await settle();
    expect(build).toHaveBeenCalledTimes(1);
    state.now = 600;
    await provider.current();
    await settle();
    expect((await provider.current())?.version).toBe(1);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('builds nothing once closed', async () => {
    const { provider, build } = setup();
    provider.close();
    expect(await provider.current()).toBeUndefined();
    await provider.warm();
    expect(build).not.toHaveBeenCalled();
  });
});
