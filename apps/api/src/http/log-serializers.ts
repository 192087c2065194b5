/**
 * How the request log shows a request (Fastify's `req` serializer, with the URL's secrets
 * removed). Links in e-mails carry their credential in the query: the meeting page's `key`, the
 * payment page's and the organizer's Confirm/Decline `token`, a booking's `uuid`. Whoever reads
 * the log must not be able to open them (docs/security.md, "Logs hold no codes").
 */
import type { FastifyRequest } from 'fastify';

/** Shown instead of a secret value. */
const REDACTED = '***';

/** Query names that are a credential whole (`key`, `sig`), compared word by word. */
const SECRET_WORDS = new Set(['key', 'code', 'uuid', 'sig', 'hash', 'auth', 'pass', 'otp', 'jwt']);
/** Parts of a name that make it a credential wherever they appear (`access_token`, `apiKey`). */
const SECRET_PARTS = [
  'token',
  'secret',
  'password',
  'passwd',
  'pwd',
  'signature',
  'credential',
  'apikey',
  'session',
];

/** `accessToken`, `access-token`, `access_token` → `access token`, lower-case. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z\d]+/)
    .filter(Boolean);
}

/** Whether a query parameter of this name holds something that opens or signs in. */
export function isSecretName(name: string): boolean {
  const words = wordsOf(name);
  const joined = words.join('');
  return (
    words.some((word) => SECRET_WORDS.has(word)) ||
    SECRET_PARTS.some((part) => joined.includes(part))
  );
}

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** The URL with the value of every secret query parameter replaced; the rest as it came. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && isSecretName(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}

/** Fastify's own `req` serializer, with `redactUrl`. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      version: [request.headers?.['accept-version']].flat()[0],
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  /**
   * Fastify's `res` (the "request completed" line): the status, and which request it answered,
   * as `req` shows it (secrets out of the query), with the route's pattern to group by.
   */
  res(reply: { statusCode: number; request?: FastifyRequest }) {
    // Fastify passes its reply (typed as the raw response), which knows its request.
    const { request } = reply;
    return {
      statusCode: reply.statusCode,
      ...(request
        ? {
            method: request.method,
            url: redactUrl(request.url),
            route: request.routeOptions.url,
          }
        : {}),
    };
  },
};
