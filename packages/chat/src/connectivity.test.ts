import { describe, expect, it } from 'vitest';
import type { ChatConnectionStatus } from './connection';
import { browserConnectivity, chatConnectivity, type BrowserTarget } from './connectivity';

function fakeWindow(onLine: boolean) {
  const handlers = new Map<string, Set<() => void>>();
  const target: BrowserTarget & { fire(type: 'online' | 'offline'): void } = {
    navigator: { onLine },
    addEventListener(type, listener) {
      handlers.set(type, (handlers.get(type) ?? new Set()).add(listener));
    },
    removeEventListener(type, listener) {
      handlers.get(type)?.delete(listener);
    },
    fire(type) {
      target.navigator!.onLine = type === 'online';
      for (const listener of handlers.get(type) ?? []) listener();
    },
  };
  return target;
}

function fakeConnection(initial: ChatConnectionStatus) {
  const listeners = new Set<(status: ChatConnectionStatus) => void>();
  return {
    status: initial,
    onStatus(listener: (status: ChatConnectionStatus) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(status: ChatConnectionStatus) {
      this.status = status;
      for (const listener of listeners) listener(status);
    },
  };
}

describe('browserConnectivity', () => {
  it("follows navigator.onLine and tells on 'online' and 'offline'", () => {
    const window = fakeWindow(true);
    const connectivity = browserConnectivity(window);
    let calls = 0;
    connectivity.subscribe(() => (calls += 1));
    expect(connectivity.online).toBe(true);
    window.fire('offline');
    expect(connectivity.online).toBe(false);
    window.fire('online');
    expect([connectivity.online, calls]).toEqual([true, 2]);
    connectivity.dispose();
    window.fire('offline');
    expect(calls).toBe(2);
  });

  it('is always online without a browser', () => {
    expect(browserConnectivity().online).toBe(true);
  });
});

describe('chatConnectivity', () => {
  it('counts a connection lost after it was up as offline, not one still starting', () => {
    const window = fakeWindow(true);
    const connection = fakeConnection('connecting');
    const connectivity = chatConnectivity(connection, browserConnectivity(window));
    const seen: boolean[] = [];
    connectivity.subscribe(() => seen.push(connectivity.online));
    // Still starting: the calls go out (they say themselves whether the server answers).
    expect(connectivity.online).toBe(true);
    connection.set('connected');
    connection.set('connecting');
    connection.set('connected');
    connection.set('disconnected');
    window.fire('offline');
    connection.set('connected');
    window.fire('online');
    expect(seen).toEqual([true, false, true, false, false, false, true]);
    // A refused or closed connection leaves it to the browser's state.
    connection.set('unauthorized');
    expect(connectivity.online).toBe(true);
  });
});
