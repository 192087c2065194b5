import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '#src/db/client.ts';
import { SHUTTING_DOWN } from './handlers.ts';
import type { Lifecycle } from '#src/lifecycle.ts';

export interface ReadinessDeps {
  lifecycle: Lifecycle;
  database: Pick<DatabaseHandle, 'ping'>;
}

/**
 * `/ready` (outside the contract, for orchestrators): 503 while shutting down or while the
 * database does not answer, so a load balancer stops sending traffic to this process.
 */
export function registerOperationsRoutes(
  app: FastifyInstance,
  { lifecycle, database }: ReadinessDeps,
): void {
  app.get('/ready', async (request, reply) => {
    if (lifecycle.shuttingDown) return reply.code(503).send(SHUTTING_DOWN);
    try {
      await database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'database is not reachable');
      return reply.code(503).send({ message: 'The database is not reachable' });
    }
    return { status: 'ready' };
  });
}
