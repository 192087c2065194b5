import type { IncomingMessage, Server } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Duplex } from 'node:stream';

/** Paths the API serves; the web server forwards them so the browser sees one origin. */
export const API_PATH_PREFIXES = [
  '/spa',
  '/crm',
  '/node-api',
  '/media',
  // Uploaded files (chat pictures, meeting documents) as the API stores them.
  '/uploads',
  '/socket.io',
] as const;

/** Single documents the API builds for the site: the XML sitemap for robots. */
export const API_EXACT_PATHS = ['/sitemap.xml'] as const;

export function isApiPath(pathname: string): boolean {
  return (
    (API_EXACT_PATHS as readonly string[]).includes(pathname) ||
    API_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
  );
}

// Headers that describe one connection, not the message (RFC 9110 section 7.6.1).
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

function stripHopByHop(headers: Headers): void {
  const listed = headers.get('connection')?.split(',') ?? [];
  for (const name of [...HOP_BY_HOP, ...listed.map((item) => item.trim().toLowerCase())]) {
    if (name) headers.delete(name);
  }
}

/** The URL on the API for a request path (keeps any path prefix API_URL carries). */
export function apiTarget(apiUrl: string, requestUrl: string): URL {
  const api = new URL(apiUrl);
  const incoming = new URL(requestUrl);
  const target = new URL(api);
  target.pathname = `${api.pathname.replace(/\/$/, '')}${incoming.pathname}`;
  target.search = incoming.search;
  return target;
}

/**
 * Forwards a request to the API and hands back its answer as is: method, headers, body
 * (streamed both ways), status and redirects. Adds the usual X-Forwarded-* headers.
 */
export async function forwardToApi(
  request: Request,
  apiUrl: string,
  clientAddress?: string,
): Promise<Response> {
  const incoming = new URL(request.url);
  const headers = new Headers(request.headers);
  stripHopByHop(headers);
  headers.delete('host');
  // fetch would decode a compressed answer and keep its Content-Encoding: ask for it plain, and
  // say so (without the header, fetch itself asks for gzip). The web server compresses.
  headers.set('accept-encoding', 'identity');
  headers.set('x-forwarded-host', request.headers.get('host') ?? incoming.host);
  headers.set('x-forwarded-proto', incoming.protocol.replace(':', ''));
  if (clientAddress) {
    const chain = request.headers.get('x-forwarded-for');
    headers.set('x-forwarded-for', chain ? `${chain}, ${clientAddress}` : clientAddress);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const upstream = await fetch(apiTarget(apiUrl, request.url), {
    method: request.method,
    headers,
    body: hasBody ? request.body : null,
    redirect: 'manual',
    signal: request.signal,
    // Stream the request body instead of buffering it (required by fetch for stream bodies).
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);

  const responseHeaders = new Headers(upstream.headers);
  stripHopByHop(responseHeaders);
  if (responseHeaders.has('content-encoding')) {
    // Compressed anyway: fetch has decoded the body, so its encoding and length no longer hold.
    responseHeaders.delete('content-encoding');
    responseHeaders.delete('content-length');
  }
  return new Response(upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: responseHeaders,
  });
}

/**
 * Forwards WebSocket upgrades on /socket.io to the API (fetch cannot carry them). Other upgrade
 * requests are left to other listeners (Vite's HMR in development) or, with `rejectOthers`,
 * refused.
 */
export function forwardUpgrades(
  server: Server,
  apiUrl: string,
  { rejectOthers = false } = {},
): void {
  const api = new URL(apiUrl);
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (!pathname.startsWith('/socket.io')) {
      if (rejectOthers) socket.destroy();
      return;
    }
    const target = apiTarget(apiUrl, `http://localhost${req.url ?? '/'}`);
    const send = api.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstream = send(target, {
      method: req.method,
      headers: { ...req.headers, host: api.host },
    });
    upstream.on('upgrade', (response, upstreamSocket, upstreamHead) => {
      const lines = [`HTTP/1.1 ${response.statusCode} ${response.statusMessage}`];
      for (let i = 0; i < response.rawHeaders.length; i += 2) {
        lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
      }
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (upstreamHead.length > 0) socket.write(upstreamHead);
      if (head.length > 0) upstreamSocket.write(head);
      upstreamSocket.pipe(socket).pipe(upstreamSocket);
      // When either side goes away, so does the other.
      upstreamSocket.on('close', () => socket.destroy());
      socket.on('close', () => upstreamSocket.destroy());
      upstreamSocket.on('error', () => socket.destroy());
      socket.on('error', () => upstreamSocket.destroy());
    });
    upstream.on('response', (response) => {
      // The API refused the upgrade: pass its answer on and close.
      socket.end(
        `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\nConnection: close\r\n\r\n`,
      );
      response.resume();
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
    upstream.end();
  });
}
