import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { compressedBody } from './compressed-bodies.ts';

describe('compressedBody (decision 066)', () => {
  it('compresses a kept body once per encoding', () => {
    const body = Buffer.from(
      JSON.stringify({ tours: Array.from({ length: 200 }, (_, id) => ({ id })) }),
    );
    const brotli = compressedBody(body, 'br');
    expect(compressedBody(body, 'br')).toBe(brotli);
    expect(brotliDecompressSync(brotli).equals(body)).toBe(true);
    const gzip = compressedBody(body, 'gzip');
    expect(compressedBody(body, 'gzip')).toBe(gzip);
    expect(gunzipSync(gzip).equals(body)).toBe(true);
  });
});

describe('a search computed for one request (response cache off)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ CATALOG_CACHE: 'off' });
  });
  afterAll(() => testApp.close());

  it('goes as it is even to a client that accepts compression: nothing would reuse it', async () => {
    const response = await testApp.app.inject({
      url: '/spa/tours?expand=filters',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.byteLength).toBeGreaterThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['x-catalog-cache']).toBe('miss');
    expect(response.json()).toMatchObject({ items: expect.any(Array) });
  });
});
