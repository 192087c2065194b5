// @vitest-environment node
import { createBrotliDecompress, createGunzip, type Gunzip } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { pickEncoding, streamingCompression } from './compression';

describe('pickEncoding', () => {
  it('prefers br, then gzip, honouring q-values and wildcards', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('br;q=0, *')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});

describe('streamingCompression', () => {
  /** A page whose shell is sent at once and whose end waits for `finish`. */
  function streamingApp() {
    let finish = () => {};
    const app = new Hono();
    app.get('/', streamingCompression(), (c) => {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('<html><body>shell'));
          finish = () => {
            controller.enqueue(encoder.encode(' rest</body></html>'));
            controller.close();
          };
        },
      });
      return c.body(body, 200, { 'Content-Type': 'text/html; charset=UTF-8' });
    });
    return { app, finish: () => finish() };
  }

  async function firstDecodedChunk(
    response: Response,
    decoder: Gunzip | ReturnType<typeof createBrotliDecompress>,
  ) {
    const reader = response.body!.getReader();
    const decoded = new Promise<string>((resolve) =>
      decoder.once('data', (data: Buffer) => resolve(data.toString())),
    );
    const { value } = await reader.read();
    decoder.write(value);
    return { text: await decoded, reader };
  }

  it.each([
    ['gzip', createGunzip],
    ['br', createBrotliDecompress],
  ] as const)(
    'flushes the shell through %s before the page has finished',
    async (encoding, decoder) => {
      const { app, finish } = streamingApp();
      const response = await app.request('/', { headers: { 'Accept-Encoding': encoding } });

      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toContain('Accept-Encoding');
      const { text, reader } = await firstDecodedChunk(response, decoder());
      expect(text).toBe('<html><body>shell');
      finish();
      await reader.cancel();
    },
  );

  it('leaves the body alone when the client accepts no compression', async () => {
    const { app, finish } = streamingApp();
    const response = await app.request('/');
    finish();
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe('<html><body>shell rest</body></html>');
  });

  it("adds Accept-Encoding to a page's own Vary, compressed or not", async () => {
    const app = new Hono();
    app.get('/', streamingCompression(), (c) =>
      c.html('<p>page</p>', 200, { Vary: 'Accept-Language, Cookie' }),
    );
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const response = await app.request('/', { headers: { 'Accept-Encoding': acceptEncoding } });
      expect(response.headers.get('vary'), acceptEncoding).toBe(
        'Accept-Language, Cookie, Accept-Encoding',
      );
      await response.arrayBuffer();
    }
  });
});
