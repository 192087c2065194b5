import type { ServiceHandlers } from '#src/contract.ts';
import type { Lifecycle } from '#src/lifecycle.ts';
import { operationsHandlers } from '#src/modules/operations/handlers.ts';

export interface HandlerDeps {
  lifecycle: Lifecycle;
}

/**
 * Every contract operation's handler, gathered from the domain modules. The `ServiceHandlers`
 * annotation is what turns a forgotten operation into a compile error.
 */
export function createServiceHandlers(deps: HandlerDeps): ServiceHandlers {
  return {
    ...operationsHandlers(deps),
  };
}
