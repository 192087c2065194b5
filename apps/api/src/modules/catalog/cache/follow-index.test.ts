/**
 * The response cache following the search index's takeovers (decision 150), with fake indexes
 * and filters: which answers a takeover drops, and when another process's stored answer may be
 * answered. The app-level tests are in new-matches.test.ts.
 */
import type { CountedTour, TourIndex } from '@gallop/search-index';
import { describe, expect, it } from 'vitest';
import { createByteLru } from './byte-lru.ts';
import type { IndexTakeover, IndexTakeovers } from './index-takeovers.ts';
import {
  createResponseCache,
  type AnswerFilter,
  type AnswerSource,
  type ProducedAnswer,
} from './response-cache.ts';
import type { SharedStore } from './shared-store.ts';
import type { TourChanges } from './tour-changes.ts';

/** A stand-in index: the cache only compares indexes and hands their tours to filters. */
const anIndex = (name: string) => ({ name }) as unknown as TourIndex;

/** The segment of the stand-in tours and filters (another one: `OTHER_SEGMENT`). */
const SEGMENT = '1:land';
const OTHER_SEGMENT = '2:land';

/** A changed tour as the fake provider reads it: its id, the index it was read out of. */
type FakeTour = CountedTour & { readFrom: TourIndex };

/** A fake index provider whose takeovers the test announces. */
function fakeIndex() {
  let listener: ((takeover: IndexTakeover) => void) | undefined;
  let asked = 0;
  const takeovers: IndexTakeovers = {
    onTakeover: (next) => (listener = next),
    current: async () => {
      asked += 1;
      return undefined;
    },
  };
  return {
    takeovers,
    get asked() {
      return asked;
    },
    /** Announces a takeover whose changed tours are read out of both indexes (in `segment`). */
    takeOver: (takeover: Omit<IndexTakeover, 'changedTours'>, segment = SEGMENT) => {
      const { previous, next, changed } = takeover;
      const read = (index: TourIndex) =>
        changed === 'all'
          ? []
          : changed.map((id) => ({ id, segment, readFrom: index }) as unknown as FakeTour);
      const changedTours = () => (previous ? [...read(previous), ...read(next)] : []);
      listener!({ ...takeover, changedTours });
    },
  };
}

/** A filter the tours of `countsIn` count in, per index; `checked` counts its checks. */
function filterOf(
  key: string,
  countsIn: Map<TourIndex, number[]>,
  segment = SEGMENT,
): AnswerFilter & { checked: number } {
  return {
    key,
    segment,
    checked: 0,
    counts(tours) {
      this.checked += 1;
      return (tours as readonly FakeTour[]).some(({ id, readFrom }) =>
        countsIn.get(readFrom)?.includes(id),
      );
    },
  };
}

const answer = (text: string, index: TourIndex, filter: AnswerFilter): ProducedAnswer => ({
  body: Buffer.from(text),
  tourIds: [1, 2],
  answeredBy: { index, filter },
});

/** A shared store in memory, as Redis behaves for these tests. */
function memoryStore(): SharedStore {
  const values = new Map<string, Buffer>();
  return {
    get: async (key) => values.get(key),
    set: (key, value) => void values.set(key, value),
    ready: async () => {},
    close: async () => {},
  };
}

const lru = () => createByteLru<AnswerSource>(100_000);
const never = async (): Promise<ProducedAnswer> => {
  throw new Error('must be answered from the cache');
};

describe('a response cache following the index (decision 150)', () => {
  it('drops the answers a changed tour counts in, before or after, and keeps the rest', async () => {
    const [first, second] = [anIndex('first'), anIndex('second')];
    const index = fakeIndex();
    const cache = createResponseCache({ memory: lru() });
    cache.follow(index.takeovers);
    index.takeOver({ previous: undefined, next: first, changed: 'all', changesUpTo: 10 });
    // Tour 7 counted in "before" until the change, and counts in "after" since it.
    const before = filterOf('before', new Map([[first, [7]]]));
    const after = filterOf('after', new Map([[second, [7]]]));
    const apart = filterOf('apart', new Map([[first, [8]]]));
    await cache.get('before', async () => answer('b', first, before));
    await cache.get('after', async () => answer('a', first, after));
    await cache.get('apart', async () => answer('x', first, apart));
    await cache.get('apart, page 2', async () => answer('x2', first, apart));
    expect(cache.peek('before')?.toString()).toBe('b');

    index.takeOver({ previous: first, next: second, changed: [7], changesUpTo: 20 });
    expect(cache.peek('before')).toBeUndefined();
    expect(cache.peek('after')).toBeUndefined();
    expect(cache.peek('apart')?.toString()).toBe('x');
    expect(cache.peek('apart, page 2')?.toString()).toBe('x2');
    // Checked against the index now serving: a later change of tour 8 there drops it.
    const third = anIndex('third');
    index.takeOver({ previous: second, next: third, changed: [8], changesUpTo: 30 });
    expect(cache.peek('apart')?.toString()).toBe('x');
    const fourth = anIndex('fourth');
    const moved = filterOf('moved', new Map([[fourth, [8]]]));
    await cache.get('moved', async () => answer('m', third, moved));
    index.takeOver({ previous: third, next: fourth, changed: [8], changesUpTo: 40 });
    expect(cache.peek('moved')).toBeUndefined();
    // "Every tour changed" drops everything the index computed.
    await cache.get('again', async () => answer('g', fourth, apart));
    index.takeOver({ previous: fourth, next: anIndex('fifth'), changed: 'all', changesUpTo: 50 });
    expect(cache.peek('again')).toBeUndefined();
  });

  it("checks only the filters of the changed tours' segment, and none when none changed", async () => {
    const [first, second, third, fourth] = ['1', '2', '3', '4'].map(anIndex) as [
      TourIndex,
      TourIndex,
      TourIndex,
      TourIndex,
    ];
    const index = fakeIndex();
    const cache = createResponseCache({ memory: lru() });
    cache.follow(index.takeovers);
    index.takeOver({ previous: undefined, next: first, changed: 'all', changesUpTo: 10 });
    const land = filterOf('land', new Map([[third, [5]]]));
    const other = filterOf('other', new Map([[third, [5]]]), OTHER_SEGMENT);
    await cache.get('land', async () => answer('l', first, land));
    await cache.get('other', async () => answer('o', first, other));
    // No tour a search walks changed (a past tour, a review): no filter is checked.
    index.takeOver({ previous: first, next: second, changed: [], changesUpTo: 20 });
    expect([land.checked, other.checked]).toEqual([0, 0]);
    // A tour of the first segment changed: its filters alone are checked, and stand.
    index.takeOver({ previous: second, next: third, changed: [4], changesUpTo: 30 });
    expect([land.checked, other.checked]).toEqual([1, 0]);
    expect(cache.peek('land')?.toString()).toBe('l');
    // Tour 5 counts in both as the third index holds it: only the first segment's is dropped.
    index.takeOver({ previous: third, next: fourth, changed: [5], changesUpTo: 40 });
    expect(cache.peek('land')).toBeUndefined();
    expect(cache.peek('other')?.toString()).toBe('o');
    expect(other.checked).toBe(0);
  });

  it('keeps the same index serving on as it was, and asks the index for itself', async () => {
    const first = anIndex('first');
    const index = fakeIndex();
    const cache = createResponseCache({ memory: lru() });
    cache.follow(index.takeovers);
    index.takeOver({ previous: undefined, next: first, changed: 'all', changesUpTo: 10 });
    const counts = filterOf('f', new Map([[first, [7]]]));
    await cache.get('k', async () => answer('k', first, counts));
    // Nothing the index reads changed (a review): answers stand, the log is read further.
    index.takeOver({ previous: first, next: first, changed: [7], changesUpTo: 20 });
    expect(cache.peek('k')?.toString()).toBe('k');
    // Lookups ask the index to read and apply changes even when every search is a hit.
    expect(index.asked).toBeGreaterThan(0);
  });

  it('keeps no answer in memory from an index that stopped serving while it was computed', async () => {
    const [first, second] = [anIndex('first'), anIndex('second')];
    const index = fakeIndex();
    const cache = createResponseCache({ memory: lru() });
    cache.follow(index.takeovers);
    index.takeOver({ previous: undefined, next: first, changed: 'all', changesUpTo: 10 });
    const filter = filterOf('f', new Map());
    const found = await cache.get('late', async () => {
      index.takeOver({ previous: first, next: second, changed: [3], changesUpTo: 20 });
      return answer('old index', first, filter);
    });
    expect(found.source).toBe('fresh');
    expect(cache.peek('late')).toBeUndefined();
    await cache.get('late', async () => answer('new index', second, filter));
    expect(cache.peek('late')?.toString()).toBe('new index');
  });

  it("answers another process's stored answer only while its own index has read no further", async () => {
    const shared = memoryStore();
    const [writer, behind, ahead] = [fakeIndex(), fakeIndex(), fakeIndex()];
    const caches = [writer, behind, ahead].map((index) => {
      const cache = createResponseCache({ memory: lru(), shared });
      cache.follow(index.takeovers);
      return cache;
    });
    const [writing, reading, later] = caches as [
      (typeof caches)[0],
      (typeof caches)[0],
      (typeof caches)[0],
    ];
    const [atTwenty, atTen, atThirty] = [anIndex('20'), anIndex('10'), anIndex('30')];
    writer.takeOver({ previous: undefined, next: atTwenty, changed: 'all', changesUpTo: 20 });
    behind.takeOver({ previous: undefined, next: atTen, changed: 'all', changesUpTo: 10 });
    ahead.takeOver({ previous: undefined, next: atThirty, changed: 'all', changesUpTo: 30 });
    await writing.get('k', async () => answer('written at 20', atTwenty, filterOf('f', new Map())));

    // A process whose index has read less answers it, and keeps it in memory...
    expect(await reading.get('k', never)).toMatchObject({ source: 'shared' });
    expect((await reading.get('k', never)).source).toBe('memory');
    // ... until its own index reads past it, whatever changed.
    behind.takeOver({ previous: atTen, next: anIndex('25'), changed: [99], changesUpTo: 25 });
    expect(reading.peek('k')).toBeUndefined();
    const own = answer('own at 25', atTen, filterOf('f', new Map()));
    expect((await reading.get('k', async () => own)).source).toBe('fresh');
    // A process whose index has read more computes its own.
    const computed = await later.get('k', async () =>
      answer('at 30', atThirty, filterOf('g', new Map())),
    );
    expect(computed.source).toBe('fresh');
    expect(computed.body.toString()).toBe('at 30');
    // Which the others, whose indexes have read less, answer.
    expect(
      (await writing.get('other', async () => answer('w', atTwenty, filterOf('h', new Map()))))
        .source,
    ).toBe('fresh');
  });

  it('drops an SQL answer at any change, and an unsaid one only for the tours it shows', async () => {
    let next: TourChanges = [];
    const changes = {
      drain: () => {
        const drained = next;
        next = [];
        return drained;
      },
    };
    let now = 1_000;
    const cache = createResponseCache({ memory: lru(), changes, now: () => now });
    await cache.get('sql', async () => ({
      body: Buffer.from('s'),
      tourIds: [1],
      answeredBy: 'sql',
    }));
    await cache.get('unsaid', async () => ({ body: Buffer.from('u'), tourIds: [1] }));
    now += 1;
    next = [12_345];
    expect(cache.peek('unsaid')?.toString()).toBe('u');
    expect(cache.peek('sql')).toBeUndefined();
  });
});
