/**
 * Request size limits of the web server (issue 43, finding 10), the API's as seen from here: a
 * call for the API whose body is larger than the API takes gets 413 at once, and a request line
 * or headers over Node's `maxHeaderSize` (16 KiB) get 431, both as JSON `{ message }` like the
 * API's errors, instead of a connection reset or a 502 through the proxy. Bodies sent without a
 * length go on, and the API's own 413 is passed on (apps/api/src/http/request-limits.ts).
 */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** The API's limit on JSON and other bodies. */
export const API_BODY_LIMIT_BYTES = 1024 * 1024;
/** Multipart uploads: the API's largest file (a 100 MiB video) and its form fields. */
const API_UPLOAD_LIMIT_BYTES = 101 * 1024 * 1024;

const TOO_LARGE = 'The request body is too large';

/**
 * How long the rest of a request is read after its answer is ready: an answer sent while the
 * visitor still uploads gets its connection closed soon after (@hono/node-server drains for
 * 0.5 s), and a client still writing then sees a reset instead of the answer.
 */
const LINGER_MS = 10_000;

/** Resolves when `work` settles or after `LINGER_MS`, whichever comes first. */
async function lingering(work: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, LINGER_MS);
  });
  await Promise.race([work.catch(() => {}), timeout]).finally(() => clearTimeout(timer));
}

/** Reads what is left of `body` and drops it (for at most `LINGER_MS`). */
async function discard(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body) return;
  const reader = body.getReader();
  await lingering(
    (async () => {
      while (!(await reader.read()).done);
    })(),
  );
}

/**
 * 413 for a call whose declared length is over what the API takes for its type (once the body
 * has been read and dropped), else undefined.
 */
export async function refuseOversizeBody(request: Request): Promise<Response | undefined> {
  const length = Number(request.headers.get('content-length') ?? 0);
  const multipart = request.headers.get('content-type')?.startsWith('multipart/') ?? false;
  if (!(length > (multipart ? API_UPLOAD_LIMIT_BYTES : API_BODY_LIMIT_BYTES))) return undefined;
  await discard(request.body);
  return Response.json({ message: TOO_LARGE }, { status: 413 });
}

/** The visitor's body as it goes on to the API (see `trackUpload`). */
export interface Upload {
  body: ReadableStream<Uint8Array>;
  /**
   * `answer` once the visitor has sent the whole body: as it is when the API read it all, else
   * (the API's 413 came first) read whole, then given back after the rest of the body has been
   * read and dropped here (for at most `LINGER_MS`).
   */
  answerAfterUpload(answer: Response): Promise<Response>;
}

/** Sends `body` on through a stream whose end is watched: see `Upload`. */
export function trackUpload(body: ReadableStream<Uint8Array>): Upload {
  let passing: TransformStreamDefaultController<Uint8Array> | undefined;
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>({
    start: (controller) => void (passing = controller),
  });
  // Stopped by erroring the stream between (an aborted pipe would wait for the API to read).
  const sentWhole = body.pipeTo(writable, { preventCancel: true }).then(
    () => true,
    () => false,
  );
  return {
    body: readable,
    async answerAfterUpload(answer) {
      // The end of a body the API read whole is seen here a moment after its answer, if at all.
      const notYet = new Promise<false>((resolve) => setTimeout(resolve, 0, false));
      if (await Promise.race([sentWhole, notYet])) return answer;
      const content = await answer.arrayBuffer();
      // The API reads no more: the rest of the body is read from the visitor here.
      passing?.error(new Error('The API answered before the whole body'));
      await sentWhole;
      await discard(body);
      const { status, statusText, headers } = answer;
      return new Response(content, { status, statusText, headers });
    },
  };
}

const STATUS: Record<string, [status: number, reason: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'The request line or headers are too large',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive'],
};

/**
 * Answers a request Node's parser refused with JSON, then half-closes the connection and reads
 * it until the client closes (or `LINGER_MS`): closing at once while the client still sends
 * makes the kernel reset the connection, and the client may lose the answer.
 */
export function answerClientErrorsAsJson(server: Server): void {
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
    answered.add(socket);
    const [status, reason, message] = STATUS[error.code ?? ''] ?? [
      400,
      'Bad Request',
      'Malformed HTTP request',
    ];
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
  });
}
