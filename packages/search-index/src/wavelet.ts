/**
 * A wavelet matrix (decision 074): over a sequence of small non-negative integers, how many of
 * the positions `[from, to)` hold a value below `x`, in one step per bit of the largest value
 * instead of a step per position. The dates by price (`range-firsts.ts`) count a price range's
 * tours with it: one count over the range's dates instead of a binary search per distinct price
 * (thousands of them at a million tours, 21 times over for the duration facet).
 *
 * Level `l` keeps one bit per position, bit `levels - 1 - l` of each value, in the order the
 * level above left them: the positions whose bit above was 0 first, then those with 1, each
 * group in its previous order. A count descends level by level, narrowing `[from, to)` to the
 * positions sharing `x`'s bits so far; where `x` has a 1, the positions with a 0 there are below
 * `x` and are added.
 */
import { chunked, finish, type Steps } from './steps';

export interface WaveletMatrix {
  length: number;
  levels: number;
  /** 32-bit words per level: one more than the positions need, so a rank never reads past. */
  words: number;
  /** Level `l`'s bits: word `w` of it is `bits[l * words + w]`. */
  bits: Int32Array;
  /** Ones in level `l` before its word `w`: `ones[l * words + w]`. */
  ones: Int32Array;
  /** Per level, how many positions hold a 0 there (they come first on the level below). */
  zeros: Int32Array;
}

/** Builds the matrix of `values` (each in `[0, largest]`), a level per step. */
export function* waveletSteps(values: Int32Array, largest: number): Steps<WaveletMatrix> {
  const { length } = values;
  const levels = Math.max(1, 32 - Math.clz32(largest));
  const words = (length >>> 5) + 1;
  const bits = new Int32Array(levels * words);
  const ones = new Int32Array(levels * words);
  const zeros = new Int32Array(levels);
  let current = values.slice();
  let next = new Int32Array(length);
  for (let level = 0; level < levels; level += 1) {
    const shift = levels - 1 - level;
    const base = level * words;
    let zeroCount = 0;
    yield* chunked(length, (from, to) => {
      for (let at = from; at < to; at += 1) {
        if (((current[at]! >>> shift) & 1) === 1) bits[base + (at >>> 5)]! |= 1 << (at & 31);
        else zeroCount += 1;
      }
    });
    zeros[level] = zeroCount;
    let running = 0;
    for (let w = 0; w < words; w += 1) {
      ones[base + w] = running;
      running += bitCount(bits[base + w]!);
    }
    // Stable: the zeros keep their order, then the ones keep theirs.
    let zero = 0;
    let one = zeroCount;
    yield* chunked(length, (from, to) => {
      for (let at = from; at < to; at += 1) {
        const value = current[at]!;
        if (((value >>> shift) & 1) === 1) next[one++] = value;
        else next[zero++] = value;
      }
    });
    [current, next] = [next, current];
  }
  return { length, levels, words, bits, ones, zeros };
}

/** `waveletSteps` at once (tests). */
export function buildWavelet(values: Int32Array, largest: number): WaveletMatrix {
  return finish(waveletSteps(values, largest));
}

/** Ones in level `level` before position `at`. */
function rank(matrix: WaveletMatrix, level: number, at: number): number {
  const word = level * matrix.words + (at >>> 5);
  // `(1 << 0) - 1` is 0: no bit of the word is before its first position.
  return matrix.ones[word]! + bitCount(matrix.bits[word]! & ((1 << (at & 31)) - 1));
}

/** How many of positions `[from, to)` hold a value below `x`. */
export function countBelow(matrix: WaveletMatrix, from: number, to: number, x: number): number {
  if (from >= to || x <= 0) return 0;
  if (x >= 2 ** matrix.levels) return to - from;
  let count = 0;
  for (let level = 0; level < matrix.levels; level += 1) {
    const onesFrom = rank(matrix, level, from);
    const onesTo = rank(matrix, level, to);
    if (((x >>> (matrix.levels - 1 - level)) & 1) === 1) {
      // The positions with a 0 here are below x; follow those with a 1.
      count += to - from - (onesTo - onesFrom);
      from = matrix.zeros[level]! + onesFrom;
      to = matrix.zeros[level]! + onesTo;
    } else {
      from -= onesFrom;
      to -= onesTo;
    }
    if (from >= to) break;
  }
  return count;
}

/** The bytes the matrix holds. */
export function waveletBytes(matrix: WaveletMatrix): number {
  return matrix.bits.byteLength + matrix.ones.byteLength + matrix.zeros.byteLength;
}

/** Set bits of a 32-bit word. */
export function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
