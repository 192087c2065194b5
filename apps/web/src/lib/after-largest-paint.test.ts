import { describe, expect, it } from 'vitest';
import {
  LARGEST_PAINT_TIMEOUT_MS,
  nextIdle,
  paintGate,
  waitForLargestPaint,
  type PaintWindow,
} from './after-largest-paint';
import { settled } from './testing/settled';

/** A window whose events, timers, idle callbacks and largest-paint entries the test fires. */
function fakeWindow({ lcp = true, readyState = 'loading' as DocumentReadyState } = {}) {
  const listeners = new Map<string, Set<() => void>>();
  const timers: Array<{ ms: number; callback: () => void }> = [];
  const idle: Array<() => void> = [];
  const observers: Array<{ callback: () => void; observing: boolean }> = [];
  class FakeObserver {
    static supportedEntryTypes = lcp ? ['paint', 'largest-contentful-paint'] : ['paint'];
    private readonly entry: { callback: () => void; observing: boolean };
    constructor(callback: () => void) {
      this.entry = { callback, observing: false };
      observers.push(this.entry);
    }
    observe(options: PerformanceObserverInit) {
      expect(options).toEqual({ type: 'largest-contentful-paint', buffered: true });
      this.entry.observing = true;
    }
    disconnect() {
      this.entry.observing = false;
    }
  }
  const win: PaintWindow = {
    document: { readyState },
    addEventListener: (type, listener) => {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)!.add(listener);
    },
    removeEventListener: (type, listener) => listeners.get(type)?.delete(listener),
    setTimeout: (callback, ms) => timers.push({ callback, ms }),
    requestIdleCallback: (callback) => idle.push(callback),
    PerformanceObserver: FakeObserver,
  };
  return {
    win,
    fire: (type: string) => [...(listeners.get(type) ?? [])].forEach((listener) => listener()),
    listening: (type: string) => listeners.get(type)?.size ?? 0,
    paint: () => observers.filter((o) => o.observing).forEach((o) => o.callback()),
    observing: () => observers.some((o) => o.observing),
    runIdle: () => idle.splice(0).forEach((callback) => callback()),
    runTimer: (ms: number) => timers.filter((t) => t.ms === ms).forEach((t) => t.callback()),
  };
}

describe('waitForLargestPaint', () => {
  it('waits for the first largest paint, then for an idle browser', async () => {
    const fake = fakeWindow();
    const waiting = waitForLargestPaint(fake.win);
    fake.fire('load');
    expect(await settled(waiting)).toBe(false);
    fake.paint();
    expect(await settled(waiting)).toBe(false);
    fake.runIdle();
    expect(await settled(waiting)).toBe(true);
    // Nothing is left listening once it resolved.
    expect(fake.observing()).toBe(false);
    expect(fake.listening('pointerdown')).toBe(0);
  });

  it('resolves at once on the first input', async () => {
    const fake = fakeWindow();
    const waiting = waitForLargestPaint(fake.win);
    expect(await settled(waiting)).toBe(false);
    fake.fire('pointerdown');
    expect(await settled(waiting)).toBe(true);
    expect(fake.observing()).toBe(false);
  });

  it('takes the load event where the browser reports no largest paint', async () => {
    const fake = fakeWindow({ lcp: false });
    const waiting = waitForLargestPaint(fake.win);
    expect(fake.observing()).toBe(false);
    fake.runIdle();
    expect(await settled(waiting)).toBe(false);
    fake.fire('load');
    fake.runIdle();
    expect(await settled(waiting)).toBe(true);
  });

  it('does not wait for a load that has happened', async () => {
    const fake = fakeWindow({ lcp: false, readyState: 'complete' });
    const waiting = waitForLargestPaint(fake.win);
    fake.runIdle();
    expect(await settled(waiting)).toBe(true);
  });

  it('gives up waiting after the timeout (a hidden tab paints nothing)', async () => {
    const fake = fakeWindow();
    const waiting = waitForLargestPaint(fake.win);
    expect(await settled(waiting)).toBe(false);
    fake.runTimer(LARGEST_PAINT_TIMEOUT_MS);
    expect(await settled(waiting)).toBe(true);
  });
});

describe('nextIdle', () => {
  it('resolves once the browser is idle, or after a timer where it has no idle callbacks', async () => {
    const fake = fakeWindow();
    const idle = nextIdle(fake.win);
    expect(await settled(idle)).toBe(false);
    fake.runIdle();
    expect(await settled(idle)).toBe(true);

    const timers: Array<() => void> = [];
    const noIdle = nextIdle({ setTimeout: (callback) => timers.push(callback) });
    expect(await settled(noIdle)).toBe(false);
    timers.forEach((callback) => callback());
    expect(await settled(noIdle)).toBe(true);
  });

  it('resolves at once on the server', async () => {
    expect(await settled(nextIdle(undefined))).toBe(true);
  });
});

describe('paintGate', () => {
  it('waits for the paint, or opens at once when asked', async () => {
    let painted: () => void = () => undefined;
    const paint = new Promise<void>((resolve) => (painted = resolve));
    const first = paintGate(() => paint);
    const waiting = first.wait();
    expect(await settled(waiting)).toBe(false);
    painted();
    expect(await settled(waiting)).toBe(true);

    const second = paintGate(() => new Promise(() => undefined));
    const stuck = second.wait();
    expect(await settled(stuck)).toBe(false);
    second.open();
    expect(await settled(stuck)).toBe(true);
    // Later waits find it open.
    expect(await settled(second.wait())).toBe(true);
  });
});
