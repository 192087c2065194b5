import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface DiskCacheOptions {
  directory: string;
  /** Upper bound of the cache on disk; the least recently used files are deleted beyond it. */
  maxBytes: number;
  /** Told about failures that must not fail the request (a full disk, a read-only folder). */
  onError?: (error: unknown, key: string) => void;
  /** The clock that decides which temporary files are stale (tests). */
  now?: () => number;
}

/**
 * A temporary file this old was left by a process killed mid-write (a live one renames its file
 * within seconds), so the next start deletes it instead of keeping it forever.
 */
export const STALE_TEMPORARY_MS = 60 * 60 * 1000;

/** Whether a directory entry is a temporary file `writeAtomically` (or a render) writes first. */
const isTemporary = (name: string): boolean => name.endsWith('.tmp');

export interface DiskCacheStats {
  /** Answers read from a file an earlier request (or run) rendered. */
  hits: number;
  /** Times `create` actually ran (a render), after single-flight de-duplication. */
  creates: number;
  evictions: number;
}

/**
 * Rendered files on disk, keyed by a relative path such as `v1/landscape/7/374x500.webp`.
 *
 * - Single-flight: concurrent requests for a missing key share one `create` call.
 * - Atomic writes (temporary file + rename), so another process never reads half a file.
 * - A byte budget with least-recently-used eviction, so many seeds cannot fill the disk.
 */
export class DiskCache {
  readonly stats: DiskCacheStats = { hits: 0, creates: 0, evictions: 0 };
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  /** Known files in least- to most-recently used order (a Map keeps insertion order). */
  private readonly index = new Map<string, number>();
  private totalBytes = 0;
  private indexReady: Promise<void> | undefined;

  constructor(private readonly options: DiskCacheOptions) {}

  get directory(): string {
    return this.options.directory;
  }

  /** The file for a key; keys are built by the caller from validated parts only. */
  pathOf(key: string): string {
    return path.join(this.options.directory, key);
  }

  get(key: string, create: () => Promise<Buffer>): Promise<Buffer> {
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const work = this.readOrCreate(key, create).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  private async readOrCreate(key: string, create: () => Promise<Buffer>): Promise<Buffer> {
    await this.loadIndex();
    const file = this.pathOf(key);
    try {
      const bytes = await readFile(file);
      this.stats.hits += 1;
      this.touch(key, bytes.length);
      return bytes;
    } catch (error) {
      if (!isMissing(error)) this.options.onError?.(error, key);
    }
    this.stats.creates += 1;
    const bytes = await create();
    try {
      await writeAtomically(file, bytes);
      this.touch(key, bytes.length);
      await this.evict(key);
    } catch (error) {
      // The answer is still good; it will simply be rendered again next time.
      this.options.onError?.(error, key);
    }
    return bytes;
  }

  private touch(key: string, size: number): void {
    const previous = this.index.get(key);
    if (previous !== undefined) {
      this.totalBytes -= previous;
      this.index.delete(key);
    }
    this.index.set(key, size);
    this.totalBytes += size;
  }

  private async evict(keep: string): Promise<void> {
    for (const [key, size] of this.index) {
      if (this.totalBytes <= this.options.maxBytes) return;
      if (key === keep) continue;
      this.index.delete(key);
      this.totalBytes -= size;
      this.stats.evictions += 1;
      await rm(this.pathOf(key), { force: true });
    }
  }

  /** Learns what an earlier run left on disk, oldest first, so the budget covers it too. */
  private loadIndex(): Promise<void> {
    this.indexReady ??= (async () => {
      const found: { key: string; size: number; used: number }[] = [];
      const staleBefore = (this.options.now ?? Date.now)() - STALE_TEMPORARY_MS;
      await walk(this.options.directory, '', found, staleBefore);
      found.sort((a, b) => a.used - b.used);
      for (const entry of found) this.touch(entry.key, entry.size);
    })();
    return this.indexReady;
  }
}

async function walk(
  root: string,
  relative: string,
  found: { key: string; size: number; used: number }[],
  staleBefore: number,
): Promise<void> {
  let entries;
  try {
    entries = await readdir(path.join(root, relative), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const key = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      await walk(root, key, found, staleBefore);
    } else if (entry.isFile() && isTemporary(entry.name)) {
      await removeIfStale(path.join(root, key), staleBefore);
    } else if (entry.isFile()) {
      const info = await stat(path.join(root, key)).catch(() => undefined);
      if (info) found.push({ key, size: info.size, used: info.atimeMs || info.mtimeMs });
    }
  }
}

/** Deletes a temporary file last written before `staleBefore` (a young one may still be in use). */
async function removeIfStale(file: string, staleBefore: number): Promise<void> {
  const info = await stat(file).catch(() => undefined);
  if (info && info.mtimeMs < staleBefore) await rm(file, { force: true });
}

/** Deletes the stale temporary files directly inside `directory` (see `STALE_TEMPORARY_MS`). */
export async function removeStaleTemporaries(directory: string, now = Date.now()): Promise<void> {
  const names = await readdir(directory).catch(() => [] as string[]);
  const staleBefore = now - STALE_TEMPORARY_MS;
  for (const name of names) {
    if (isTemporary(name)) await removeIfStale(path.join(directory, name), staleBefore);
  }
}

async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}
