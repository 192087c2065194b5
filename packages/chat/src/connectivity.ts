/**
 * Whether the chat can reach its server, for the outbox: messages written while it cannot wait,
 * and go out when it can again. Two signals, combined by `chatConnectivity`: the browser's network
 * state (`navigator.onLine` with its `online` / `offline` events) and the realtime connection
 * (once connected, losing it means the server is out of reach; it reconnects by itself).
 */
import type { ChatConnectionStatus } from './connection';

export interface Connectivity {
  /** Whether messages can go out now. */
  readonly online: boolean;
  /** Called whenever `online` may have changed; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export interface DisposableConnectivity extends Connectivity {
  /** Stops listening to the signals. */
  dispose(): void;
}

/** The parts of `window` the browser signal reads (tests pass their own). */
export interface BrowserTarget {
  navigator?: { onLine?: boolean } | undefined;
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

/** The status half of a chat connection (`createChatConnection`'s answer). */
export interface ConnectionSignal {
  readonly status: ChatConnectionStatus;
  onStatus(listener: (status: ChatConnectionStatus) => void): () => void;
}

function listeners() {
  const set = new Set<() => void>();
  return {
    add(listener: () => void) {
      set.add(listener);
      return () => void set.delete(listener);
    },
    notify() {
      for (const listener of set) listener();
    },
  };
}

/** The browser's network state; without a browser (`target` undefined), always online. */
export function browserConnectivity(target?: BrowserTarget): DisposableConnectivity {
  const subscribers = listeners();
  if (!target) return { online: true, subscribe: subscribers.add, dispose() {} };
  const onChange = () => subscribers.notify();
  target.addEventListener('online', onChange);
  target.addEventListener('offline', onChange);
  return {
    get online() {
      return target.navigator?.onLine !== false;
    },
    subscribe: subscribers.add,
    dispose() {
      target.removeEventListener('online', onChange);
      target.removeEventListener('offline', onChange);
    },
  };
}

/**
 * Online while the browser is and the realtime connection has not lost the server. Before the
 * connection's first success, and after a refused or closed one, only the browser counts: the
 * calls themselves then say whether the server answers.
 */
export function chatConnectivity(
  connection: ConnectionSignal,
  browser: Connectivity = browserConnectivity(),
): DisposableConnectivity {
  const subscribers = listeners();
  let everConnected = connection.status === 'connected';
  const offStatus = connection.onStatus((status) => {
    if (status === 'connected') everConnected = true;
    subscribers.notify();
  });
  const offBrowser = browser.subscribe(() => subscribers.notify());
  return {
    get online() {
      const lost =
        everConnected &&
        (connection.status === 'connecting' || connection.status === 'disconnected');
      return browser.online && !lost;
    },
    subscribe: subscribers.add,
    dispose() {
      offStatus();
      offBrowser();
    },
  };
}
