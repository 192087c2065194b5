import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskCache, STALE_TEMPORARY_MS } from './disk-cache.ts';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'gallop-disk-cache-'));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

const bytes = (size: number, fill = 1) => Buffer.alloc(size, fill);

describe('DiskCache', () => {
  it('runs create once for concurrent callers and stores the result', async () => {
    const cache = new DiskCache({ directory, maxBytes: 10_000 });
    let calls = 0;
    const create = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return bytes(10);
    };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => cache.get('a/b.webp', create)),
    );
    expect(calls).toBe(1);
    expect(results.every((result) => result.equals(bytes(10)))).toBe(true);
    expect(await readFile(path.join(directory, 'a/b.webp'))).toEqual(bytes(10));
    await cache.get('a/b.webp', create);
    expect(cache.stats).toMatchObject({ creates: 1, hits: 1 });
  });

  it('does not remember a failed create', async () => {
    const cache = new DiskCache({ directory, maxBytes: 10_000 });
    await expect(cache.get('x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('x', async () => bytes(3))).toEqual(bytes(3));
  });

  it('evicts the least recently used files beyond its budget, files from earlier runs too', async () => {
    await writeFile(path.join(directory, 'old'), bytes(40));
    const cache = new DiskCache({ directory, maxBytes: 100 });
    await cache.get('one', async () => bytes(40));
    await cache.get('old', async () => bytes(1)); // a hit: "old" becomes recently used
    await cache.get('two', async () => bytes(40)); // 120 bytes: "one" is now the oldest
    expect(cache.stats.evictions).toBe(1);
    await expect(readFile(path.join(directory, 'one'))).rejects.toThrow();
    expect((await readFile(path.join(directory, 'old'))).length).toBe(40);
    expect((await readFile(path.join(directory, 'two'))).length).toBe(40);
  });

  it('deletes temporary files a killed process left, but not ones a live write may still own', async () => {
    const now = Date.now();
    await mkdir(path.join(directory, 'v1/landscape'), { recursive: true });
    const stale = path.join(directory, 'v1/landscape/374x500.webp.123.abcd.tmp');
    const young = path.join(directory, 'v1/landscape/748x1000.webp.456.ef01.tmp');
    await writeFile(stale, bytes(50));
    await writeFile(young, bytes(50));
    const old = (now - STALE_TEMPORARY_MS - 60_000) / 1000;
    await utimes(stale, old, old);
    const cache = new DiskCache({ directory, maxBytes: 100, now: () => now });
    await cache.get('a', async () => bytes(60));
    expect((await readdir(path.join(directory, 'v1/landscape'))).sort()).toEqual([
      '748x1000.webp.456.ef01.tmp',
    ]);
    // Temporary files are never counted as cached answers, so nothing was evicted for them.
    expect(cache.stats.evictions).toBe(0);
  });

  it('still answers when the folder cannot be written', async () => {
    const blocked = path.join(directory, 'blocked');
    await writeFile(blocked, 'a file where the folder should be');
    const errors: string[] = [];
    const cache = new DiskCache({
      directory: blocked,
      maxBytes: 1000,
      onError: (_error, key) => errors.push(key),
    });
    expect(await cache.get('k/v', async () => bytes(5))).toEqual(bytes(5));
    expect(errors).toContain('k/v');
  });
});
