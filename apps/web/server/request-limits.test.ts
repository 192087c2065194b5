// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp } from './app';
import { API_BODY_LIMIT_BYTES, answerClientErrorsAsJson } from './request-limits';

/**
 * The web server's size limits for API calls (issue 43, finding 10), over real sockets: a body
 * over the API's limit is refused here with 413, a body without a length reaches the API and its
 * 413 comes back as it is (it used to be a 502), and a 1 MB query string gets 431, all JSON.
 */
let api: Server;
let web: Server;
let webUrl: string;
const reachedApi: string[] = [];

/** Like the API: counts the body, answers 413 once it is over the limit and reads the rest. */
function stubApi(): Server {
  return createServer((req, res) => {
    reachedApi.push(`${req.method} ${req.url}`);
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > API_BODY_LIMIT_BYTES && !res.headersSent) {
        res.writeHead(413, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Request body is too large' }));
      }
    });
    req.on('end', () => {
      if (!res.headersSent) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ size }));
      }
    });
  });
}

const listening = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  api = stubApi();
  const apiUrl = await listening(api);
  const app = createWebApp({
    apiUrl,
    site: { organizerUrl: 'https://partners.example.test' },
    loadRenderer: async () => ({ render: async () => new Response('page') }),
    getManifest: () => ({ routes: {} }),
  });
  web = createServer(getRequestListener(app.fetch, { overrideGlobalObjects: false }));
  answerClientErrorsAsJson(web);
  webUrl = await listening(web);
});

afterAll(async () => {
  for (const server of [web, api]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const TEN_MB = 10 * 1024 * 1024;

/**
 * `total` bytes as a stream, so fetch sends them chunked unless told a length, at a pace that
 * outlasts the half second @hono/node-server reads on after an answer; `sent()` counts what
 * fetch has taken of it.
 */
function paced(total: number) {
  const piece = new TextEncoder().encode('x'.repeat(256 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent >= total) return controller.close();
      await new Promise((resolve) => setTimeout(resolve, 20));
      controller.enqueue(piece);
      sent += piece.length;
    },
  });
  return { stream, sent: () => sent };
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${webUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

describe('bodies for the API', () => {
  it('forwards a body within the limit', async () => {
    const response = await post('/crm/api/echo', JSON.stringify({ a: 'x'.repeat(1000) }));
    expect(response.status).toBe(200);
  });

  it('refuses a body whose length is over the limit with 413 JSON, without calling the API', async () => {
    reachedApi.length = 0;
    const body = paced(TEN_MB);
    const response = await post('/crm/api/echo', body.stream, { 'content-length': `${TEN_MB}` });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: 'The request body is too large' });
    expect(reachedApi).toEqual([]);
    expect(body.sent()).toBe(TEN_MB);
  });

  it("passes the API's 413 on for a body sent without a length", async () => {
    const body = paced(TEN_MB);
    const response = await post('/crm/api/echo', body.stream);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request body is too large' });
    // Answered once the visitor had sent everything: its connection was not closed under it.
    expect(body.sent()).toBe(TEN_MB);
  });

  it('lets an upload larger than JSON bodies through to the API', async () => {
    const size = 8 * API_BODY_LIMIT_BYTES;
    const body = paced(size);
    const response = await post('/crm/api/echo', body.stream, {
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(size),
    });
    // The stand-in API refuses anything over 1 MiB itself: the call reached it.
    expect(response.status).toBe(413);
    expect(reachedApi.at(-1)).toBe('POST /crm/api/echo');
    expect(body.sent()).toBe(size);
  });
});

describe('request lines and headers over the limit', () => {
  it('answer 431 JSON, without a reset', async () => {
    // fetch fails on a reset connection rather than give an answer.
    const response = await fetch(`${webUrl}/spa/tours?q=${'x'.repeat(1024 * 1024)}`);
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      message: 'The request line or headers are too large',
    });
  });
});
