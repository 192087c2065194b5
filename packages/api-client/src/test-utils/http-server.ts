// A real HTTP server on 127.0.0.1 (port chosen by the OS) for the client's tests.
import { afterEach } from 'vitest';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGallopClient, type GallopClient, type GallopClientOptions } from '../client';

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** Set when the client went away before the answer was sent (an aborted call). */
  abandoned: boolean;
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** Milliseconds before the answer is sent. */
  delayMs?: number;
  headers?: Record<string, string>;
}

export type Handler = (request: ReceivedRequest) => Reply | Promise<Reply>;

export interface TestServer {
  url: string;
  received: ReceivedRequest[];
  /** Requests received for one path. */
  to(path: string): ReceivedRequest[];
  close(): Promise<void>;
}

async function startServer(handler: Handler): Promise<TestServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const text = Buffer.concat(chunks).toString('utf8');
      const request: ReceivedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: text ? (JSON.parse(text) as unknown) : undefined,
        abandoned: false,
      };
      res.on('close', () => {
        if (!res.writableEnded) request.abandoned = true;
      });
      received.push(request);
      void (async () => {
        const reply = await handler(request);
        if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, {
          'content-type': 'application/json',
          ...reply.headers,
        });
        res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    to: (path) => received.filter((request) => request.path === path),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Client options for a test server: English, EUR, no timeout unless given; rejecting with
 * `ApiError` (`throwOnError: true`) unless `throwOnError: false` is given.
 */
export function testClient<ThrowOnError extends boolean = true>(
  server: TestServer,
  options: Partial<GallopClientOptions<ThrowOnError>> = {},
): GallopClient<ThrowOnError> {
  return createGallopClient<ThrowOnError>({
    baseUrl: server.url,
    locale: { iso: 'en', localizationId: 1 },
    currency: 'EUR',
    timeout: 0,
    throwOnError: true as ThrowOnError,
    ...options,
  });
}

/**
 * Starts test servers that are closed after each test: `const start = serverPerTest();` at the top
 * of a file, then `const server = await start(handler)` inside a test.
 */
export function serverPerTest(): (handler: Handler) => Promise<TestServer> {
  const running: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });
  return async (handler) => {
    const server = await startServer(handler);
    running.push(server);
    return server;
  };
}
