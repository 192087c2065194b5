import { Readable, pipeline, type Transform } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/i;

/** How much an `Accept-Encoding` header wants each encoding (0: not at all). */
function encodingQuality(acceptEncoding: string | undefined): (name: string) => number {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  return (name) => accepted.get(name) ?? accepted.get('*') ?? 0;
}

/** Whether the client takes gzip at all (a kept page is answered gzipped, server/page-cache.ts). */
export const acceptsGzip = (acceptEncoding: string | undefined) =>
  encodingQuality(acceptEncoding)('gzip') > 0;

/** The best encoding the client accepts among br and gzip, or undefined. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const quality = encodingQuality(acceptEncoding);
  if (quality('br') > 0 && quality('br') >= quality('gzip')) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return undefined;
}

/**
 * Compresses rendered pages while keeping them streamed: every chunk React writes is flushed
 * through the compressor at once (SYNC_FLUSH), so the browser gets the shell before the end.
 * Built assets are not compressed here: the build writes .br/.gz files for them.
 */
export function streamingCompression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    const type = response.headers.get('Content-Type') ?? '';
    if (
      !response.body ||
      c.req.method === 'HEAD' ||
      response.headers.has('Content-Encoding') ||
      !COMPRESSIBLE.test(type)
    ) {
      return;
    }
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    const vary = response.headers.get('Vary');
    const headers = new Headers(response.headers);
    headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    // Hono copies the old answer's headers over a new one set on `c.res`: the old `Vary` would
    // hide `Accept-Encoding`. The new answer already has every header, so the old one goes first.
    c.res = undefined;
    if (!encoding) {
      c.res = new Response(response.body, { status: response.status, headers });
      return;
    }
    const compressor: Transform =
      encoding === 'br'
        ? createBrotliCompress({
            flush: constants.BROTLI_OPERATION_FLUSH,
            params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
          })
        : createGzip({ flush: constants.Z_SYNC_FLUSH });
    const source = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
    pipeline(source, compressor, () => {
      // Errors end the stream; the client sees a cut response, which is all it can be told now.
    });
    headers.set('Content-Encoding', encoding);
    headers.delete('Content-Length');
    c.res = new Response(Readable.toWeb(compressor) as ReadableStream<Uint8Array>, {
      status: response.status,
      headers,
    });
  };
}
