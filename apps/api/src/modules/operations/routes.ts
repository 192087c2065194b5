import type { FastifyInstance } from 'fastify';
import { SHUTTING_DOWN, type OperationsDeps } from './handlers.ts';

/**
 * Routes outside the contract for now. `/ready` will check the database and Redis once they
 * exist; until then it only reports whether the process is shutting down.
 */
export function registerOperationsRoutes(
  app: FastifyInstance,
  { lifecycle }: OperationsDeps,
): void {
  app.get('/ready', async (_request, reply) => {
    if (lifecycle.shuttingDown) return reply.code(503).send(SHUTTING_DOWN);
    return { status: 'ready' };
  });
}
