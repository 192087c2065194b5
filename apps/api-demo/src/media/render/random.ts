/**
 * A small seeded pseudo-random generator (mulberry32): the same seed always draws the same
 * picture, on every machine and Node version, which `Math.random` cannot promise.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** A float in [min, max). */
  between(min: number, max: number): number;
  /** An integer in [min, max] (both included). */
  int(min: number, max: number): number;
  /** True with probability `chance`. */
  chance(chance: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A picker weighted by the second element of each pair. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** An independent generator, so that adding a draw in one part never reshuffles another. */
  fork(label: string): Random;
}

/** FNV-1a: turns labels like "landscape" into 32-bit seeds. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    between: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (chance) => next() < chance,
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    weighted: (items) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let target = next() * total;
      for (const [item, weight] of items) {
        target -= weight;
        if (target < 0) return item;
      }
      const last = items.at(-1);
      if (!last) throw new Error('pick from an empty list');
      return last[0];
    },
    fork: (label) => createRandom(hashString(label) ^ Math.floor(next() * 4294967296)),
  };
  return random;
}
