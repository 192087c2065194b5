import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '#src/db/client.ts';
import { SHUTTING_DOWN } from './handlers.ts';
import type { Lifecycle } from '#src/lifecycle.ts';
import type { DatabaseOutageLog } from '#src/db/outage-log.ts';
import { answeredWithin } from '#src/shared/answered-within.ts';

export interface ReadinessDeps {
  lifecycle: Lifecycle;
  database: Pick<DatabaseHandle, 'ping'>;
  /** False until the first search index has been built (or has failed); absent without one. */
  searchIndexWarmed?: () => boolean;
  /** Says an unreachable database once, not on every probe. */
  outage?: Pick<DatabaseOutageLog, 'report'>;
}

export const INDEX_NOT_READY = { message: 'The search index is still being built' } as const;

/**
 * How long the probe waits for `select 1`. A database that takes packets and never answers (a
 * network partition) held the probe as long as it lasted; the pool itself has no such bound.
 */
const READY_PING_TIMEOUT_MS = 3_000;

/** The outage log reads this as "connection timed out". */
const pingTimedOut = () =>
  Object.assign(new Error(`the database did not answer within ${READY_PING_TIMEOUT_MS} ms`), {
    code: 'ETIMEDOUT',
  });

/**
 * `/ready` (outside the contract, for orchestrators): 503 while shutting down, while the
 * database does not answer (within 3 s), or until the first search index is built, so a load balancer sends
 * no traffic to this process until it can answer searches at full speed (at 1M tours the first
 * build takes about 20 s, and searches meanwhile run in SQL, which takes seconds there).
 */
export function registerOperationsRoutes(
  app: FastifyInstance,
  { lifecycle, database, searchIndexWarmed, outage }: ReadinessDeps,
): void {
  app.get('/ready', async (request, reply) => {
    if (lifecycle.shuttingDown) return reply.code(503).send(SHUTTING_DOWN);
    if (searchIndexWarmed && !searchIndexWarmed()) return reply.code(503).send(INDEX_NOT_READY);
    try {
      await answeredWithin(database.ping(), READY_PING_TIMEOUT_MS, pingTimedOut);
    } catch (error) {
      if (!outage?.report('readiness', error))
        request.log.error({ err: error }, 'database is not reachable');
      return reply.code(503).send({ message: 'The database is not reachable' });
    }
    return { status: 'ready' };
  });
}
