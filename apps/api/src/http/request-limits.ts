/**
 * Limits on the size of a request, answered as JSON (issue 43, finding 10): a body over
 * `REQUEST_BODY_LIMIT_BYTES` gets 413 (multipart uploads have their own, larger limits:
 * modules/uploads), a request line or headers over Node's `maxHeaderSize` (16 KiB) get 431.
 *
 * Either answer is sent while the client may still be sending. Closing the connection at once
 * then makes the kernel reset it, and a client (or the web server's proxy) still writing loses
 * the answer and sees a reset, a 502 through the web. So a refused body is read and dropped and
 * the connection stays open for the next request; after a refused request line the connection
 * is half-closed and read until the client closes it (a "lingering close", RFC 9112 section 9.6).
 * Either is cut after `LINGER_MS`.
 */
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** JSON bodies (Fastify's default, made explicit): every contract body is far smaller. */
export const REQUEST_BODY_LIMIT_BYTES = 1024 * 1024;

/** How long the rest of a refused request is read before the connection is closed. */
const LINGER_MS = 10_000;

const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'The request line or headers are too large',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    reason: 'Content Too Large',
    message: 'The chunk extensions are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'The request took too long to arrive',
  },
};

const BAD_REQUEST = { status: 400, reason: 'Bad Request', message: 'Malformed HTTP request' };

const answered = new WeakSet<Duplex>();

/**
 * Fastify's `clientErrorHandler` (Node's `clientError`): a request Node's parser refused gets a
 * JSON answer, then a lingering close.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection has nobody to answer; a lingering one was answered already (the parser
  // reports its error again for every chunk that still arrives).
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  const { status, reason, message } = CLIENT_ERRORS[error.code ?? ''] ?? BAD_REQUEST;
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/**
 * For `sendError`: the body over the limit is dropped as it arrives (Node reads a request
 * nobody consumes) and the connection kept, instead of the `Connection: close` Fastify asks for.
 */
export function keepConnectionAfterRefusedBody(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') return;
  reply.removeHeader('connection');
  const raw = request.raw;
  const socket = raw.socket as Socket | undefined;
  if (raw.complete || typeof socket?.destroy !== 'function') return;
  // A client that goes on sending for longer loses its connection.
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  raw.once('end', () => clearTimeout(timer));
  socket.once('close', () => clearTimeout(timer));
}
