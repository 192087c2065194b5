import type { ServiceHandlers } from '#src/contract.ts';
import type { Lifecycle } from '#src/lifecycle.ts';

export interface OperationsDeps {
  lifecycle: Lifecycle;
}

/** Body of the 503 that probes answer once shutdown has begun (contract `Error`). */
export const SHUTTING_DOWN = { message: 'The server is shutting down' };

/** Contract handlers for the `operations` tag: liveness for operators and load balancers. */
export function operationsHandlers({
  lifecycle,
}: OperationsDeps): Pick<ServiceHandlers, 'getHealth'> {
  return {
    async getHealth(_request, reply) {
      if (lifecycle.shuttingDown) return reply.code(503).send(SHUTTING_DOWN);
      return { status: 'ok', uptime: process.uptime() };
    },
  };
}
