import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from './request-id.ts';

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
// The headers @gallop/api-client sends (docs/product.md, Calls) plus JSON and request ids.
const ALLOWED_HEADERS = [
  'content-type',
  'x-authorization',
  'x-language',
  'x-localization',
  'x-currency',
  'x-client-role',
  // A call sent again with its solved captcha (decision 094).
  'x-captcha',
  // The rider passport a "fits me first" search orders by (decision 109).
  'x-rider-passport',
  REQUEST_ID_HEADER,
].join(', ');

/**
 * CORS for the one web origin (in production the web server proxies the API on its own origin,
 * so this matters mostly in development). Preflights are answered here, before routing.
 */
export function allowWebOrigin(app: FastifyInstance, webOrigin: string): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    const allowed = origin === webOrigin;
    if (allowed) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('access-control-expose-headers', REQUEST_ID_HEADER);
    }
    const isPreflight =
      request.method === 'OPTIONS' &&
      origin !== undefined &&
      request.headers['access-control-request-method'];
    if (!isPreflight) return;
    if (allowed) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', '600');
    }
    // A preflight from another origin gets no allow headers, so the browser blocks the call.
    return reply.code(204).send();
  });
}
