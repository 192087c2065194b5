import { describe, expect, it } from 'vitest';
import { createByteLru } from './byte-lru.ts';

const body = (bytes: number, fill = 'x') => Buffer.from(fill.repeat(bytes));

describe('createByteLru', () => {
  it('evicts the least recently used entries once the byte budget is exceeded', () => {
    const lru = createByteLru(100);
    lru.set('a', body(40), 1_000);
    lru.set('b', body(40), 1_000);
    expect(lru.get('a')?.byteLength).toBe(40); // a is now more recent than b
    lru.set('c', body(40), 1_000);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
    expect(lru.get('c')).toBeDefined();
    expect(lru.bytes).toBe(80);
    expect(lru.size).toBe(2);
  });

  it('forgets entries after their TTL', () => {
    let now = 0;
    const lru = createByteLru(100, () => now);
    lru.set('a', body(10), 500);
    now = 499;
    expect(lru.get('a')).toBeDefined();
    now = 500;
    expect(lru.get('a')).toBeUndefined();
    expect(lru.bytes).toBe(0);
  });

  it('replaces an entry without counting it twice, and skips one larger than the budget', () => {
    const lru = createByteLru(100);
    lru.set('a', body(30), 1_000);
    lru.set('a', body(50, 'y'), 1_000);
    expect(lru.bytes).toBe(50);
    expect(lru.get('a')?.toString()).toBe('y'.repeat(50));
    lru.set('huge', body(101), 1_000);
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
    lru.clear();
    expect(lru.size).toBe(0);
    expect(lru.bytes).toBe(0);
  });

  it('keeps an entry, marked stale, for staleMs after its TTL', () => {
    let now = 0;
    const lru = createByteLru(100, () => now, 300);
    lru.set('a', body(10), 500);
    expect(lru.lookup('a')).toMatchObject({ stale: false });
    now = 500;
    expect(lru.lookup('a')).toMatchObject({ stale: true });
    expect(lru.get('a')).toBeUndefined(); // get answers fresh entries only
    now = 799;
    expect(lru.lookup('a')?.value.byteLength).toBe(10);
    now = 800;
    expect(lru.lookup('a')).toBeUndefined();
    expect(lru.bytes).toBe(0);
  });
});
