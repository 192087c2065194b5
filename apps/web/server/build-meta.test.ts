// @vitest-environment node
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { buildIdOf, createBuildMeta, serveBuildMeta } from './build-meta';

describe('buildIdOf', () => {
  it('changes with the client manifest and only then', () => {
    const a = buildIdOf('{"src/entry-client.tsx":{"file":"assets/entry-client-A.js"}}');
    expect(a).toMatch(/^[\w-]{16}$/);
    expect(buildIdOf('{"src/entry-client.tsx":{"file":"assets/entry-client-A.js"}}')).toBe(a);
    expect(buildIdOf('{"src/entry-client.tsx":{"file":"assets/entry-client-B.js"}}')).not.toBe(a);
  });
});

describe('GET /builds/meta/{id}.json', () => {
  const meta = createBuildMeta('{"manifest":1}', 1_700_000_000_000);
  const app = new Hono();
  serveBuildMeta(app, meta);

  it('answers the current build with its route rules, uncached', async () => {
    const response = await app.request(`/builds/meta/${meta.id}.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const body = (await response.json()) as typeof meta;
    expect(body.id).toBe(meta.id);
    expect(body.timestamp).toBe(1_700_000_000_000);
    expect(body.matcher['/**']).toEqual({ ssr: true });
    expect(body.matcher['/favorites']).toEqual({ ssr: true, noindex: true });
    expect(body.matcher['/settings/**']).toEqual({ ssr: true, noindex: true });
  });

  it('is 404 for any other build id', async () => {
    const response = await app.request('/builds/meta/old-build-0001.json');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });
});
