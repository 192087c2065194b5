import { describe, expect, it } from 'vitest';
import { createTabBlinker, TAB_BLINK_INTERVAL_MS, type BlinkerDocument } from './tab-blinker';

function fakeDocument() {
  const link = { href: '/favicon.svg' as string };
  const listeners = new Set<() => void>();
  const doc = {
    title: 'Chat | Gallop',
    hidden: false,
    querySelector: (selector: string) =>
      selector === 'link[rel~="icon"]'
        ? {
            getAttribute: () => link.href,
            setAttribute: (_: string, value: string) => {
              link.href = value;
            },
          }
        : null,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  const setHidden = (hidden: boolean) => {
    doc.hidden = hidden;
    for (const listener of listeners) listener();
  };
  return { doc: doc as BlinkerDocument & { hidden: boolean }, link, listeners, setHidden };
}

function fakeTimers() {
  const intervals = new Map<number, { callback: () => void; ms: number }>();
  let next = 0;
  return {
    intervals,
    timers: {
      setInterval: (callback: () => void, ms: number) => {
        intervals.set(++next, { callback, ms });
        return next;
      },
      clearInterval: (handle: unknown) => intervals.delete(handle as number),
    },
    tick: () => {
      for (const { callback } of intervals.values()) callback();
    },
  };
}

describe('createTabBlinker', () => {
  it('does nothing while the tab is visible', () => {
    const { doc, link } = fakeDocument();
    const clock = fakeTimers();
    const blinker = createTabBlinker({
      alertFavicon: '/alert.svg',
      document: doc,
      timers: clock.timers,
    });
    blinker.notify();
    expect(blinker.active).toBe(false);
    expect(doc.title).toBe('Chat | Gallop');
    expect(link.href).toBe('/favicon.svg');
    expect(clock.intervals.size).toBe(0);
  });

  it('alternates title and favicon every 1000 ms while hidden and restores both when visible', () => {
    const { doc, link, setHidden } = fakeDocument();
    const clock = fakeTimers();
    const blinker = createTabBlinker({
      alertFavicon: '/alert.svg',
      document: doc,
      timers: clock.timers,
    });
    setHidden(true);
    blinker.notify();
    expect(blinker.active).toBe(true);
    expect([...clock.intervals.values()][0]!.ms).toBe(TAB_BLINK_INTERVAL_MS);
    expect(TAB_BLINK_INTERVAL_MS).toBe(1000);
    expect(doc.title).toBe('New message');
    expect(link.href).toBe('/alert.svg');

    clock.tick();
    expect(doc.title).toBe('Chat | Gallop');
    expect(link.href).toBe('/favicon.svg');
    clock.tick();
    expect(link.href).toBe('/alert.svg');

    blinker.notify();
    expect(doc.title).toBe('(2) New messages');
    expect(clock.intervals.size).toBe(1);

    setHidden(false);
    expect(blinker.active).toBe(false);
    expect(clock.intervals.size).toBe(0);
    expect(doc.title).toBe('Chat | Gallop');
    expect(link.href).toBe('/favicon.svg');
  });

  it('starts counting again after it stopped, and dispose removes the listener', () => {
    const { doc, setHidden, listeners } = fakeDocument();
    const clock = fakeTimers();
    const blinker = createTabBlinker({
      alertFavicon: '/alert.svg',
      alertTitle: (count) => `${count} unread`,
      document: doc,
      timers: clock.timers,
    });
    setHidden(true);
    blinker.notify();
    blinker.notify();
    expect(doc.title).toBe('2 unread');
    blinker.stop();
    blinker.notify();
    expect(doc.title).toBe('1 unread');
    blinker.dispose();
    expect(doc.title).toBe('Chat | Gallop');
    expect(listeners.size).toBe(0);
  });
});
