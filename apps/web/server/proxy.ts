import type { IncomingMessage, Server } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { isCrossOrigin, ownOrigins } from './cross-site';
import { refuseOversizeBody, trackUpload } from './request-limits';
import { authorizationFromCookies, withoutSessionCookies } from './session-proxy';

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

/** Whether an address is a proxy in front of this server whose X-Forwarded-* headers hold. */
export type ProxyTrust = (address: string) => boolean;

/** Trusts no one: the default, for a web server that faces the visitors itself. */
export const TRUST_NO_PROXY: ProxyTrust = () => false;

/**
 * The trust for `TRUSTED_PROXIES` (addresses and CIDR ranges, IPv4 or IPv6); throws on an entry
 * that is neither.
 */
export function trustProxies(entries: readonly string[]): ProxyTrust {
  if (entries.length === 0) return TRUST_NO_PROXY;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
    if (!type || rest.length > 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits))) {
      throw new Error(`not an IP address or CIDR range: ${entry}`);
    }
    // BlockList throws a RangeError on a prefix too long for the family.
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    // A dual-stack socket reports IPv4 peers as ::ffff:a.b.c.d.
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    if (isIPv4(plain)) return list.check(plain, 'ipv4');
    return isIPv6(plain) && list.check(plain, 'ipv6');
  };
}

/**
 * The visitor's address: the peer itself, unless the peer is a trusted proxy; then the last
 * address of its X-Forwarded-For that is not a trusted proxy. A visitor cannot choose the address
 * the API's limits count by sending X-Forwarded-For.
 */
export function visitorAddress(
  peer: string,
  forwardedFor: string | null | undefined,
  isTrusted: ProxyTrust,
): string {
  if (!isTrusted(peer)) return peer;
  const chain = (forwardedFor ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  let visitor = peer;
  for (let i = chain.length - 1; i >= 0 && isTrusted(visitor); i -= 1) visitor = chain[i]!;
  return visitor;
}

/**
 * The X-Forwarded-For and X-Forwarded-Proto the API gets: the visitor's address as this server
 * sees it (see `visitorAddress`), never a chain the visitor wrote; the scheme of the connection
 * unless a trusted proxy said which. The API trusts these from this server only
 * (its TRUSTED_PROXIES; docs/security.md).
 */
export function forwardedHeaders(
  incoming: { forwardedFor: string | null | undefined; forwardedProto: string | null | undefined },
  connection: { peer: string | undefined; protocol: 'http' | 'https' },
  isTrusted: ProxyTrust,
): { 'x-forwarded-for'?: string; 'x-forwarded-proto': string } {
  const trusted = connection.peer !== undefined && isTrusted(connection.peer);
  const proto = trusted ? incoming.forwardedProto?.split(',')[0]?.trim().toLowerCase() : undefined;
  return {
    ...(connection.peer
      ? { 'x-forwarded-for': visitorAddress(connection.peer, incoming.forwardedFor, isTrusted) }
      : {}),
    'x-forwarded-proto': proto === 'http' || proto === 'https' ? proto : connection.protocol,
  };
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
 * (streamed both ways), status and redirects. Adds the usual X-Forwarded-* headers, with the
 * visitor's address from `peerAddress` (the socket's peer) and `isTrusted` (see
 * `forwardedHeaders`).
 */
export async function forwardToApi(
  request: Request,
  apiUrl: string,
  peerAddress?: string,
  isTrusted: ProxyTrust = TRUST_NO_PROXY,
): Promise<Response> {
  // A body larger than the API takes is refused here, before it travels on (413 JSON).
  const tooLarge = await refuseOversizeBody(request);
  if (tooLarge) return tooLarge;
  const incoming = new URL(request.url);
  const headers = new Headers(request.headers);
  stripHopByHop(headers);
  headers.delete('host');
  // fetch would decode a compressed answer and keep its Content-Encoding: ask for it plain, and
  // say so (without the header, fetch itself asks for gzip). The web server compresses.
  headers.set('accept-encoding', 'identity');
  headers.set('x-forwarded-host', request.headers.get('host') ?? incoming.host);
  headers.delete('x-forwarded-for');
  const forwarded = forwardedHeaders(
    {
      forwardedFor: request.headers.get('x-forwarded-for'),
      forwardedProto: request.headers.get('x-forwarded-proto'),
    },
    { peer: peerAddress, protocol: incoming.protocol === 'https:' ? 'https' : 'http' },
    isTrusted,
  );
  for (const [name, value] of Object.entries(forwarded)) headers.set(name, value);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const upload = hasBody && request.body ? trackUpload(request.body) : undefined;
  const answer = await fetch(apiTarget(apiUrl, request.url), {
    method: request.method,
    headers,
    body: upload?.body ?? null,
    redirect: 'manual',
    signal: request.signal,
    // Stream the request body instead of buffering it (required by fetch for stream bodies).
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
  // The API's 413 comes before the whole body: it goes back once the visitor has sent the rest.
  const upstream = upload ? await upload.answerAfterUpload(answer) : answer;

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
 * Forwards WebSocket upgrades on /socket.io to the API (fetch cannot carry them), with
 * `X-Authorization` from the session cookie (server/session-proxy.ts). A handshake from another
 * origin is refused (403): it would carry the visitor's session (cross-site WebSocket hijacking).
 * Other upgrade requests are left to other listeners (Vite's HMR in development) or, with
 * `rejectOthers`, refused.
 */
export function forwardUpgrades(
  server: Server,
  apiUrl: string,
  {
    rejectOthers = false,
    isTrusted = TRUST_NO_PROXY,
    publicUrl,
  }: { rejectOthers?: boolean; isTrusted?: ProxyTrust; publicUrl?: string | undefined } = {},
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
    const forwarded = forwardedHeaders(
      {
        forwardedFor: req.headers['x-forwarded-for']?.toString(),
        forwardedProto: req.headers['x-forwarded-proto']?.toString(),
      },
      {
        peer: req.socket.remoteAddress,
        protocol: (req.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http',
      },
      isTrusted,
    );
    const own = ownOrigins(
      publicUrl,
      forwarded['x-forwarded-proto'] === 'https' ? 'https' : 'http',
      req.headers.host,
    );
    const header = (name: string) => req.headers[name]?.toString();
    if (isCrossOrigin({ get: header }, own)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // A chain the visitor wrote goes no further (`forwarded` has the one the API may believe);
    // the token comes from the cookie only. The origin was checked here against this site's own,
    // so it goes no further either: the API's check (its WEB_ORIGIN) is for browsers that reach
    // it directly, and a second web server on another origin shares the API.
    const {
      'x-forwarded-for': _written,
      'x-authorization': _sent,
      cookie: _cookie,
      origin: _origin,
      ...headers
    } = req.headers;
    const authorization = authorizationFromCookies(req.headers.cookie);
    const cookie = withoutSessionCookies(req.headers.cookie);
    const upstream = send(target, {
      method: req.method,
      headers: {
        ...headers,
        ...forwarded,
        ...(cookie ? { cookie } : {}),
        ...(authorization ? { 'x-authorization': authorization } : {}),
        host: api.host,
      },
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
