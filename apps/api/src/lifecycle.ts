/** Process state that probes report: once shutdown begins, health and readiness answer 503. */
export interface Lifecycle {
  readonly shuttingDown: boolean;
  beginShutdown(): void;
}

export function createLifecycle(): Lifecycle {
  let shuttingDown = false;
  return {
    get shuttingDown() {
      return shuttingDown;
    },
    beginShutdown() {
      shuttingDown = true;
    },
  };
}
