import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

// Accept ids that proxies and tracers produce (UUIDs, hex trace ids); anything else could
// pollute logs, so it is replaced.
const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Fastify `genReqId`: honours a well-formed incoming `x-request-id`, otherwise a new UUID. */
export function requestIdFrom(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Echoes the request id on every response, including 404s and errors. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
