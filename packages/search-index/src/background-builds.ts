/**
 * Structures a search would otherwise build on the request path, built between requests instead
 * (decision 086). At a million tours one country's answers and price structures take 100–280 ms
 * to build: the search that first needs them walked instead (a few milliseconds), and a build here
 * runs in slices of about 10 ms (`runInSlices`), one build at a time, so the requests that arrive
 * meanwhile wait for a slice, not for the whole build.
 */
import { runInSlices, type Steps } from './steps';

/** Builds waiting at most: a burst of new values queues this many, the rest are asked again. */
export const MAX_QUEUED_BUILDS = 32;

interface QueuedBuild {
  key: unknown;
  steps: () => Steps<unknown>;
}

const queue: QueuedBuild[] = [];
/** Keys queued or being built, so a build is queued once however often it is asked for. */
const pending = new Set<unknown>();
let running: Promise<void> | undefined;

/**
 * Queues `steps` (made when its turn comes) to run in slices, unless a build with `key` is already
 * queued or running, or the queue is full; returns whether it was queued. A failing build is
 * dropped: the searches keep walking, and ask again.
 */
export function buildInBackground(key: unknown, steps: () => Steps<unknown>): boolean {
  if (pending.has(key) || queue.length >= MAX_QUEUED_BUILDS) return false;
  pending.add(key);
  queue.push({ key, steps });
  running ??= drain();
  return true;
}

async function drain(): Promise<void> {
  // Not on the path of the request that queued it: its first slice waits for the next turn.
  await new Promise<void>((resolve) => setImmediate(resolve));
  try {
    for (let build = queue.shift(); build; build = queue.shift()) {
      try {
        await runInSlices(build.steps());
      } catch {
        // Nothing is kept of a failed build; the next search that needs it walks and asks again.
      } finally {
        pending.delete(build.key);
      }
    }
  } finally {
    running = undefined;
  }
}

/** Resolves once every queued build has run (tests). */
export async function backgroundBuildsSettled(): Promise<void> {
  while (running) await running;
}

/** Builds queued or running (tests, logs). */
export function backgroundBuildsPending(): number {
  return pending.size;
}
