import { describe, expect, it } from 'vitest';
import { mediaMatches, whenMediaMatches, type MediaWindow } from './when-media-matches';
import { settled } from './testing/settled';

/** A window whose one media query matches when the test says so. */
function fakeWindow(matchesAtFirst: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    matches: matchesAtFirst,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  const queries: string[] = [];
  const win = {
    matchMedia: (query: string) => {
      queries.push(query);
      return list;
    },
  } as unknown as MediaWindow;
  const change = (matches: boolean) => {
    list.matches = matches;
    [...listeners].forEach((listener) => listener());
  };
  return { win, change, queries, listening: () => listeners.size };
}

describe('whenMediaMatches', () => {
  it('resolves at once when the query matches now', async () => {
    const { win, queries, listening } = fakeWindow(true);
    expect(await settled(whenMediaMatches('(min-width: 992px)', win))).toBe(true);
    expect(queries).toEqual(['(min-width: 992px)']);
    expect(listening()).toBe(0);
  });

  it('waits for a change that makes it match, then stops listening', async () => {
    const { win, change, listening } = fakeWindow(false);
    const shown = whenMediaMatches('(min-width: 992px)', win);
    expect(await settled(shown)).toBe(false);
    change(false);
    expect(await settled(shown)).toBe(false);
    change(true);
    expect(await settled(shown)).toBe(true);
    expect(listening()).toBe(0);
  });

  it('resolves at once where nothing can tell (the server)', async () => {
    expect(await settled(whenMediaMatches('(min-width: 992px)', undefined))).toBe(true);
    expect(await settled(whenMediaMatches('(min-width: 992px)', {}))).toBe(true);
  });
});

describe('mediaMatches', () => {
  it('answers for now, and true where nothing can tell', () => {
    expect(mediaMatches('(min-width: 992px)', fakeWindow(true).win)).toBe(true);
    expect(mediaMatches('(min-width: 992px)', fakeWindow(false).win)).toBe(false);
    expect(mediaMatches('(min-width: 992px)', undefined)).toBe(true);
  });
});
