import type { Database } from '@gallop/api/src/db/client.ts';
import type { Random } from '@gallop/api/src/shared/random.ts';

/** What every part of the seed receives. */
export interface SeedContext {
  db: Database;
  random: Random;
  /** The day the catalogue is generated for (YYYY-MM-DD): dates are placed around it. */
  today: string;
  /** How many tours to generate (300+ for the demo, 100k+ for benchmarks). */
  tours: number;
  log(message: string): void;
}

/** Inserts rows in chunks: one statement per chunk keeps memory flat at 1M tours. */
export async function insertInChunks<T>(
  rows: readonly T[],
  chunkSize: number,
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += chunkSize) {
    await insert(rows.slice(start, start + chunkSize));
  }
}
