/**
 * Builds in steps (decision 064). A structure's build is a generator that yields between two
 * chunks of its work: a search that needs the structure at once runs it to the end (`finish`),
 * while a new index's preparation (`prepare-index.ts`) runs it a few milliseconds at a time and
 * lets the event loop serve requests in between. At a million tours one build took up to a second,
 * and every request that reached the worker meanwhile waited for it.
 */

/** A build in steps: each `next()` does one chunk; the last returns the value. */
export type Steps<Value> = Generator<void, Value, undefined>;

/** Items (tours, dates, entries) a loop handles between two yields: well under a millisecond. */
const STEP_ITEMS = 1 << 14;

let stepItems = STEP_ITEMS;

/** The items of a step: `STEP_ITEMS`, or what a test set (`useStepItems`). */
export const itemsPerStep = () => stepItems;

/**
 * Tests: steps of `items` items, so a small catalogue crosses many step boundaries. Returns the
 * function that puts the default back.
 */
export function useStepItems(items: number): () => void {
  stepItems = items;
  return () => {
    stepItems = STEP_ITEMS;
  };
}

/**
 * Calls `chunk(from, to)` over `[0, length)`, `size` items at a time, yielding between two calls.
 * The loop belongs in `chunk`, a plain function: a loop inside a generator runs several times
 * slower (V8 keeps a generator's locals in its frame object).
 */
export function* chunked(
  length: number,
  chunk: (from: number, to: number) => void,
  size = itemsPerStep(),
): Steps<void> {
  for (let from = 0; from < length; from += size) {
    chunk(from, Math.min(length, from + size));
    if (from + size < length) yield;
  }
}

export interface SliceOptions {
  /** Lets the event loop run between two slices. */
  pause?: () => Promise<void>;
  now?: () => number;
  /** A slice ends after the step that reaches this many milliseconds. */
  sliceMs?: number;
}

/** Long enough that the pauses cost little, short enough that a search hardly notices one. */
const SLICE_MS = 10;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface SlicedRun<Value> {
  value: Value;
  /** The time spent in the steps, pauses left out. */
  ms: number;
  /** The longest slice: the longest the event loop waited for the work. */
  longestSliceMs: number;
}

/** Runs `steps` in slices of about `sliceMs`, pausing after each (the last one too). */
export async function runInSlices<Value>(
  steps: Steps<Value>,
  { pause = nextTurn, now = () => performance.now(), sliceMs = SLICE_MS }: SliceOptions = {},
): Promise<SlicedRun<Value>> {
  let ms = 0;
  let longestSliceMs = 0;
  for (;;) {
    const sliceStarted = now();
    let step = steps.next();
    let elapsed = now() - sliceStarted;
    while (!step.done && elapsed < sliceMs) {
      step = steps.next();
      elapsed = now() - sliceStarted;
    }
    ms += elapsed;
    longestSliceMs = Math.max(longestSliceMs, elapsed);
    await pause();
    if (step.done) return { value: step.value, ms, longestSliceMs };
  }
}

/** Runs `steps` to the end at once and returns what it builds. */
export function finish<Value>(steps: Steps<Value>): Value {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Entries a run of `sortSteps` sorts natively in one step (a few milliseconds). */
const RUN_STEPS = 4;

/**
 * Sorts `keys` ascending in place, in steps: runs of `RUN_STEPS` steps' keys sorted natively, then
 * merged pairwise. A native sort of 660,000 keys held the event loop for 75 ms in one piece.
 */
export function* sortSteps<Keys extends Float64Array | Int32Array>(keys: Keys): Steps<Keys> {
  const length = keys.length;
  const run = itemsPerStep() * RUN_STEPS;
  for (let from = 0; from < length; from += run) {
    keys.subarray(from, Math.min(length, from + run)).sort();
    if (from + run < length) yield;
  }
  if (length <= run) return keys;
  let source: Keys = keys;
  let target = keys.slice() as Keys;
  for (let width = run; width < length; width *= 2) {
    for (let left = 0; left < length; left += 2 * width) {
      const middle = Math.min(length, left + width);
      const right = Math.min(length, left + 2 * width);
      // Merged a step's worth of keys at a time: where both runs stand is kept between steps.
      const cursor = { a: left, b: middle };
      yield* chunked(right - left, (from, to) =>
        mergeInto(source, target, cursor, middle, right, left + from, left + to),
      );
    }
    [source, target] = [target, source];
  }
  if (source !== keys) keys.set(source);
  return keys;
}

/** Fills `target[from..to)` from the sorted runs `[cursor.a, middle)` and `[cursor.b, right)`. */
function mergeInto<Keys extends Float64Array | Int32Array>(
  source: Keys,
  target: Keys,
  cursor: { a: number; b: number },
  middle: number,
  right: number,
  from: number,
  to: number,
) {
  let { a, b } = cursor;
  for (let at = from; at < to; at += 1) {
    if (a < middle && (b >= right || source[a]! <= source[b]!)) target[at] = source[a++]!;
    else target[at] = source[b++]!;
  }
  cursor.a = a;
  cursor.b = b;
}
