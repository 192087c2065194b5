/**
 * Request size limits over a real socket (issue 43, finding 10): a body over the limit answers
 * 413 and a request line or headers over Node's limit 431, both JSON, and neither resets the
 * connection while the client is still sending (`app.inject` has no socket, so it cannot show it).
 */
import { Agent, request, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { REQUEST_BODY_LIMIT_BYTES } from './request-limits.ts';

let testApp: TestApp;
let port: number;

beforeAll(async () => {
  testApp = await buildTestApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  port = (testApp.app.server.address() as AddressInfo).port;
});
afterAll(() => testApp?.close());

const JSON_CALL = '/crm/api/favourite-tour/create';
const TEN_MB_JSON = JSON.stringify({ tour_id: 1, padding: 'x'.repeat(10 * 1024 * 1024) });

/** One request through `agent` (keep-alive): its status, content type and body. */
function send(agent: Agent, path: string, body?: string) {
  return new Promise<{ status: number; type: string | undefined; body: string }>(
    (resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: body === undefined ? 'GET' : 'POST',
          agent,
          headers: { 'content-type': 'application/json' },
        },
        (response: IncomingMessage) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              type: response.headers['content-type'],
              body: text,
            }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    },
  );
}

/**
 * Writes `parts` on one bare socket (a part that is a function is awaited: a pause), then
 * gives back what the API answered by the time it closed (or `waitMs` passed) and whether the
 * socket was reset.
 */
async function sendRaw(
  parts: (string | (() => Promise<void>))[],
  waitMs = 2_000,
): Promise<{ answer: string; error: string | undefined }> {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  let error: string | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (answer += chunk));
  socket.on('error', (failure: NodeJS.ErrnoException) => (error = failure.code));
  const closed = new Promise((resolve) => socket.on('close', resolve));
  for (const part of parts) {
    if (typeof part === 'function') await part();
    else if (!socket.destroyed) socket.write(part);
  }
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, waitMs))]);
  socket.destroy();
  return { answer, error };
}

const jsonMessage = (body: string) => (JSON.parse(body) as { message: unknown }).message;
/** The status lines of the answers in a raw HTTP/1.1 exchange, and the first one's body. */
const statusLines = (answer: string) => answer.match(/HTTP\/1\.1 \d{3}/g) ?? [];
const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4);

describe('a request body over the limit', () => {
  it('answers 413 JSON and keeps the connection for the next call', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let connections = 0;
    const count = () => (connections += 1);
    testApp.app.server.on('connection', count);
    try {
      const refused = await send(agent, JSON_CALL, TEN_MB_JSON);
      expect(refused.status).toBe(413);
      expect(refused.type).toMatch(/^application\/json/);
      expect(jsonMessage(refused.body)).toEqual(expect.any(String));
      expect((await send(agent, '/health')).status).toBe(200);
      expect(connections).toBe(1);
    } finally {
      testApp.app.server.off('connection', count);
      agent.destroy();
    }
  });

  it('answers 413 JSON to a chunked body, read to its end, then the next call', async () => {
    const chunk = 'x'.repeat(REQUEST_BODY_LIMIT_BYTES);
    const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 10));
    const { answer, error } = await sendRaw([
      `POST ${JSON_CALL} HTTP/1.1\r\nHost: api\r\nContent-Type: application/json\r\n` +
        'Transfer-Encoding: chunked\r\n\r\n',
      ...Array.from({ length: 4 }, () => [
        `${chunk.length.toString(16)}\r\n${chunk}\r\n`,
        pause,
      ]).flat(),
      '0\r\n\r\nGET /health HTTP/1.1\r\nHost: api\r\nConnection: close\r\n\r\n',
    ]);
    expect(error).toBeUndefined();
    expect(statusLines(answer)).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
  });
});

describe('a request line or headers over the limit', () => {
  it('answers 431 JSON for a 1 MB query string, without resetting the connection', async () => {
    const { answer, error } = await sendRaw([
      `GET /spa/tours?q=${'x'.repeat(1024 * 1024)} HTTP/1.1\r\nHost: api\r\n\r\n`,
    ]);
    expect(error).toBeUndefined();
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain('Content-Type: application/json');
    expect(jsonMessage(bodyOf(answer))).toBe('The request line or headers are too large');
  });

  it('answers 431 JSON for 100 kB of headers, and 400 JSON for a malformed request', async () => {
    const headers = await sendRaw([
      `GET /health HTTP/1.1\r\nHost: api\r\nX-Big: ${'y'.repeat(100_000)}\r\n\r\n`,
    ]);
    expect(headers.answer).toMatch(/^HTTP\/1\.1 431 /);
    const malformed = await sendRaw(['GET /health HTTP/1.1\r\nHost api\r\n\r\n']);
    expect(malformed.answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(jsonMessage(bodyOf(malformed.answer))).toBe('Malformed HTTP request');
  });
});
