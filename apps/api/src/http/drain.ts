/**
 * While the process drains before it stops (SIGTERM's grace, decision 164), every answer closes
 * its connection: a keep-alive client sends its next request on a new connection, which the load
 * balancer routes elsewhere, instead of racing the close of an idle one (ECONNRESET).
 */
import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from '#src/lifecycle.ts';

export function closeConnectionsWhileDraining(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onRequest', (_request, reply, done) => {
    if (lifecycle.shuttingDown) reply.header('connection', 'close');
    done();
  });
}
