/**
 * Kept answers sent compressed (decision 066). A cached search answer is 30–50 kB of JSON, and
 * between the load generator and the API such answers ran at a third of `/health`'s rate,
 * bound by bytes: Brotli makes one a seventh of that. A body the response cache keeps is
 * compressed once, on its first request that accepts it, and the compressed form is kept beside
 * it (a `WeakMap`, so it goes when the entry goes). Answers computed for one request go as they
 * are: compressing each cost ~0.5 ms of CPU, nearly doubling the uncached search's p95. The web
 * server, which proxies the API for browsers, asks for plain bytes and compresses itself.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { memoized } from '#src/memoized.ts';

/** Encodings offered, preferred first. */
const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Bodies smaller than this go as they are: compressing them saves less than it costs. */
const COMPRESS_THRESHOLD = 1024;

/** Quality 4 of 11: a few percent larger than 11, at a tiny fraction of its time. */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

/** Clients send a handful of distinct `Accept-Encoding` and `Vary` values. */
const HEADER_VALUES_LIMIT = 256;

const negotiated = memoized(
  (header) => (negotiate(header, [...ENCODINGS]) as Encoding | null) ?? undefined,
  HEADER_VALUES_LIMIT,
);

/** The encoding to answer `request` with, or undefined for the body as it is. */
function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || header === '') return undefined;
  return negotiated(header);
}

const compressedBodies = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

/** `body` in `encoding`, compressed on the first call for that body and kept. */
export function compressedBody(body: Buffer, encoding: Encoding): Buffer {
  let forms = compressedBodies.get(body);
  if (!forms) compressedBodies.set(body, (forms = {}));
  let compressed = forms[encoding];
  if (!compressed) {
    compressed =
      encoding === 'br'
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
        : gzipSync(body, { level: GZIP_LEVEL });
    forms[encoding] = compressed;
  }
  return compressed;
}

/**
 * Sends `body`, a kept answer, compressed when the request accepts it and the body is large
 * enough (unless `compress` is false), as it is otherwise. The answer varies with
 * `Accept-Encoding` either way.
 */
export function sendKeptBody(
  reply: FastifyReply,
  body: Buffer,
  { compress = true }: { compress?: boolean } = {},
): FastifyReply {
  reply.header('vary', withVary(reply.getHeader('vary')));
  const encoding =
    compress && body.length >= COMPRESS_THRESHOLD ? acceptedEncoding(reply.request) : undefined;
  if (encoding === undefined) return reply.send(body);
  return reply.header('content-encoding', encoding).send(compressedBody(body, encoding));
}

/** `text` (a `Vary` header) with `Accept-Encoding` added once. */
const varyWithEncoding = memoized((text) => {
  if (text === '') return 'Accept-Encoding';
  const listed = text.split(',').map((item) => item.trim().toLowerCase());
  return listed.includes('accept-encoding') ? text : `${text}, Accept-Encoding`;
}, HEADER_VALUES_LIMIT);

/** `current` (a `Vary` header as Fastify holds it) with `Accept-Encoding` added once. */
function withVary(current: unknown): string {
  const text = Array.isArray(current)
    ? current.join(', ')
    : typeof current === 'string'
      ? current
      : '';
  return varyWithEncoding(text);
}
