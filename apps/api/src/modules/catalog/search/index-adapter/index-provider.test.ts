import { describe, expect, it, vi } from 'vitest';
import type { TourChanges } from '../../cache/tour-changes.ts';
import { createTourIndexProvider, type IndexKey } from './index-provider.ts';
import type { TourIndex } from '@gallop/search-index';

const quiet = { info: () => {}, warn: () => {} };

/** A promise settled from outside. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => ([resolve, reject] = [ok, fail]));
  return { promise, resolve, reject };
}

/** An index as the fakes make it: its key, build time, size and the changes applied to it. */
type FakeIndex = TourIndex & { applied: number[][] };

/** A provider over a controllable clock, change feed, builder and applier. */
function setup(
  options: {
    failFirst?: boolean;
    failApply?: boolean;
    prepare?: (index: TourIndex) => Promise<unknown>;
  } = {},
) {
  const state = { today: '2026-11-24', now: 0, next: [] as TourChanges };
  let builds = 0;
  const build = vi.fn(async (key: IndexKey) => {
    builds += 1;
    if (options.failFirst && builds === 1) throw new Error('database down');
    return { ...key, builtAt: state.now, size: 0, applied: [] } as unknown as FakeIndex;
  });
  const applying: (() => void)[] = [];
  const apply = vi.fn(async (index: TourIndex, tourIds: readonly number[], key: IndexKey) => {
    await new Promise<void>((resolve) => applying.push(resolve));
    if (options.failApply) throw new Error('database down');
    const { applied } = index as FakeIndex;
    return { ...index, ...key, applied: [...applied, [...tourIds]] } as unknown as FakeIndex;
  });
  const changes = {
    drain: () => {
      const drained = state.next;
      state.next = [];
      return drained;
    },
  };
  const provider = createTourIndexProvider({
    build,
    apply,
    changes,
    prepare: options.prepare,
    log: quiet,
    maxAgeMs: 1_000,
    retryAfterMs: 500,
    now: () => state.now,
    today: () => state.today,
  });
  /** Lets a background rebuild finish. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** Lets the applies under way finish. */
  const finishApplies = async () => {
    await settle();
    for (const resolve of applying.splice(0)) resolve();
    await settle();
  };
  const served = async () => (await provider.current()) as FakeIndex | undefined;
  return { state, build, apply, provider, settle, finishApplies, served };
}

describe('createTourIndexProvider', () => {
  it('answers nothing until the first index is built, then that index', async () => {
    const { provider, build, settle } = setup();
    expect(await provider.current()).toBeUndefined();
    await settle();
    expect((await provider.current())?.version).toBe(1);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('applies changed tours to a new index, serving the old one meanwhile (never SQL)', async () => {
    const { provider, state, build, apply, finishApplies, served } = setup();
    await provider.warm();
    state.next = [3, 5];
    // The change is seen; the old index answers while the tours are read again.
    expect((await served())?.applied).toEqual([]);
    state.next = [5, 8];
    expect((await served())?.applied).toEqual([]);
    expect(apply).toHaveBeenCalledTimes(1);
    await finishApplies();
    expect((await served())?.applied).toEqual([[3, 5]]);
    // What came meanwhile is applied next, together.
    await finishApplies();
    expect((await served())?.applied).toEqual([
      [3, 5],
      [5, 8],
    ]);
    expect(apply).toHaveBeenCalledTimes(2);
    expect(build).toHaveBeenCalledTimes(1);
    expect((await served())?.version).toBe(3);
  });

  it('reads everything again when every tour changed, serving the old index meanwhile', async () => {
    const { provider, state, build, apply, settle, served } = setup();
    await provider.warm();
    state.now = 10;
    state.next = 'all';
    expect((await served())?.builtAt).toBe(0);
    await settle();
    expect((await served())?.builtAt).toBe(10);
    expect(build).toHaveBeenCalledTimes(2);
    expect(apply).not.toHaveBeenCalled();
  });

  it('keeps serving the same index when the apply finds nothing it holds changed', async () => {
    const build = vi.fn(
      async (key: IndexKey) => ({ ...key, builtAt: 0, size: 0 }) as unknown as TourIndex,
    );
    const apply = vi.fn(async (index: TourIndex) => index);
    const prepare = vi.fn(async () => {});
    let next: TourChanges = [];
    const provider = createTourIndexProvider({
      build,
      apply,
      prepare,
      changes: { drain: () => [next, (next = [])][0]! },
      log: quiet,
      now: () => 0,
      today: () => '2026-11-24',
    });
    await provider.warm();
    next = [7];
    const before = await provider.current();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(apply).toHaveBeenCalledTimes(1);
    expect(await provider.current()).toBe(before);
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('keeps the tours of a failed apply for the next try, after retryAfterMs', async () => {
    const { provider, state, apply, finishApplies, served } = setup({ failApply: true });
    await provider.warm();
    state.next = [4];
    await served();
    await finishApplies();
    expect((await served())?.applied).toEqual([]);
    expect(apply).toHaveBeenCalledTimes(1);
    state.now = 600;
    await served();
    expect(apply).toHaveBeenCalledTimes(2);
    expect(apply.mock.calls[1]![1]).toEqual([4]);
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
    // The second attempt's index (each attempt numbers a new index).
    expect((await provider.current())?.version).toBe(2);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('serves a new index only once it is prepared, the old one meanwhile, with one build', async () => {
    const preparing = [deferred(), deferred()];
    const prepare = vi.fn((index: TourIndex) => preparing[index.builtAt === 0 ? 0 : 1]!.promise);
    const { provider, state, build, settle } = setup({ prepare });
    const warming = provider.warm();
    await settle();
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(provider.warmed()).toBe(false);
    expect(await provider.current()).toBeUndefined();
    preparing[0]!.resolve();
    await warming;
    expect(provider.warmed()).toBe(true);
    expect((await provider.current())?.version).toBe(1);

    // A rebuild past maxAgeMs: the prepared old index serves until the new one is prepared.
    state.now = 1_500;
    await provider.current();
    await settle();
    expect(prepare).toHaveBeenCalledTimes(2);
    expect((await provider.current())?.builtAt).toBe(0);
    expect((await provider.current())?.builtAt).toBe(0);
    expect(build).toHaveBeenCalledTimes(2);
    preparing[1]!.resolve();
    await settle();
    expect((await provider.current())?.builtAt).toBe(1_500);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('serves a small new index at once and prepares it behind (servesUnpreparedUpTo)', async () => {
    const preparing = [deferred(), deferred()];
    const prepare = vi.fn((index: TourIndex) => preparing[index.builtAt === 0 ? 0 : 1]!.promise);
    const build = vi.fn(
      async (key: IndexKey) =>
        ({
          ...key,
          builtAt: key.version === 1 ? 0 : 1,
          size: key.version * 100,
        }) as unknown as TourIndex,
    );
    const state = { today: '2026-11-24' };
    const provider = createTourIndexProvider({
      build,
      prepare,
      servesUnpreparedUpTo: 100,
      log: quiet,
      now: () => 0,
      today: () => state.today,
    });
    await provider.warm();
    expect(provider.warmed()).toBe(true);
    expect(prepare).toHaveBeenCalledTimes(1);
    expect((await provider.current())?.version).toBe(1);

    // While the first is being prepared no second build starts; past the size, a new index
    // waits for its preparation (a new day's: SQL answers meanwhile).
    state.today = '2026-11-25';
    expect(await provider.current()).toBeUndefined();
    expect(build).toHaveBeenCalledTimes(1);
    preparing[0]!.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await provider.current()).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(prepare).toHaveBeenCalledTimes(2);
    expect(await provider.current()).toBeUndefined();
    preparing[1]!.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await provider.current())?.version).toBe(2);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('serves an index whose preparation failed, and says so', async () => {
    const warn = vi.fn();
    const provider = createTourIndexProvider({
      build: async (key) => ({ ...key, builtAt: 0, size: 0 }) as unknown as TourIndex,
      prepare: async () => {
        throw new Error('out of memory');
      },
      log: { info: () => {}, warn },
      today: () => '2026-11-24',
      now: () => 0,
    });
    await provider.warm();
    expect((await provider.current())?.version).toBe(1);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'search index: preparing failed; searches build on first use',
    );
  });

  it('builds nothing once closed', async () => {
    const { provider, build } = setup();
    provider.close();
    expect(await provider.current()).toBeUndefined();
    await provider.warm();
    expect(build).not.toHaveBeenCalled();
  });
});
