/**
 * The metrics' own listener (decision 170): `GET /metrics` on METRICS_HOST:METRICS_PORT, never on
 * the public port, so no proxy rule or token keeps it private. A plain node:http server: it
 * serves one read-only text answer, and in a cluster it runs in the primary, which has no app.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpUrl } from '#src/http/base-url.ts';

export interface MetricsAnswer {
  contentType: string;
  body: string;
}

/** A scrape that cannot be answered truthfully now (a worker did not answer): 503, not a guess. */
export class MetricsUnavailable extends Error {
  override name = 'MetricsUnavailable';
}

export interface MetricsListenerOptions {
  host: string;
  port: number;
  /** The exposition text of one scrape. */
  collect: () => Promise<MetricsAnswer>;
  /** Told of a scrape that failed otherwise than `MetricsUnavailable` (a bug). */
  onError: (error: unknown) => void;
}

export interface MetricsListener {
  /** e.g. `http://127.0.0.1:9464` (the real port when METRICS_PORT=0). */
  url: string;
  close(): Promise<void>;
}

function sendJson(response: http.ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify({ message }));
}

export async function startMetricsListener(
  options: MetricsListenerOptions,
): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics') return sendJson(response, 404, 'Metrics are served at /metrics');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      return sendJson(response, 405, 'Metrics are read with GET');
    }
    options.collect().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        if (!(error instanceof MetricsUnavailable)) options.onError(error);
        sendJson(
          response,
          503,
          error instanceof MetricsUnavailable ? error.message : 'Metrics are briefly unavailable',
        );
      },
    );
  });
  // A scraper keeps its connection open between scrapes; a stop must not wait for it.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: options.host, port: options.port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: httpUrl(address, port),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
