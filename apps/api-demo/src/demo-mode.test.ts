/**
 * The API in demo mode (decision 105): with DEMO_DATA=on it loads this package to seed an empty
 * database with the demo catalogue and to draw the demo's pictures; without it, neither.
 * (apps/api/src/main.test.ts proves that the production API loads no module of this package.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@gallop/api/src/db/client.ts';
import { tours } from '@gallop/api/src/db/schema/index.ts';
import { startServer, type RunningServer } from '@gallop/api/src/server.ts';
import { buildTestApp } from '@gallop/api/src/testing/app.ts';
import { testEnv } from '@gallop/api/src/testing/env.ts';
import { DEMO_TRAVELLER } from './index.ts';
import { DEMO_TOURS } from './seed/index.ts';

describe('DEMO_DATA=on on an empty database', () => {
  let server: RunningServer | undefined;
  afterAll(() => server?.stop('test done'));

  it('seeds the demo catalogue and accounts at start', async () => {
    const opening = openDatabase({ dataDir: 'memory://' });
    server = await startServer(testEnv({ DEMO_DATA: 'on' }), { opening, prepareVideos: false });
    const { db } = await opening;
    const [catalogue] = await db.select({ n: count() }).from(tours);
    expect(catalogue?.n).toBe(DEMO_TOURS);
    const signIn = await server.app.inject({
      method: 'POST',
      url: '/crm/api/user/auth',
      payload: { login: DEMO_TRAVELLER.email, password: DEMO_TRAVELLER.password },
    });
    expect(signIn.statusCode).toBe(200);
  }, 120_000);
});

describe('the demo pictures', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    while (cleanups.length > 0) await cleanups.pop()?.();
  });

  async function mediaResponse(env: Record<string, string>) {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'gallop-demo-media-'));
    cleanups.push(() => rm(cacheDir, { recursive: true, force: true }));
    const { app, close } = await buildTestApp({ ...env, MEDIA_CACHE_DIR: cacheDir });
    cleanups.push(close);
    return app.inject({
      url: '/media/generated/landscape/steppe/7/185x122.jpg',
      headers: { accept: 'image/jpeg' },
    });
  }

  it('are drawn with DEMO_DATA=on', async () => {
    const response = await mediaResponse({ DEMO_DATA: 'on' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
  });

  it('are not routes of the production API', async () => {
    expect((await mediaResponse({ DEMO_DATA: 'off' })).statusCode).toBe(404);
  });
});
