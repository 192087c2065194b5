import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { startServer, type RunningServer } from '#src/server.ts';
import { expectContractResponse, expectContractSchema, fromFetch } from '#src/testing/contract.ts';
import { openTestDatabase } from '#src/testing/database.ts';
import { testEnv, WEB_ORIGIN } from '#src/testing/env.ts';

let server: RunningServer | undefined;
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await server?.stop('test done');
  server = undefined;
});
afterAll(() => database.close());

describe('startServer over real HTTP', () => {
  it('listens on 127.0.0.1 with a random port and answers /health', async () => {
    server = await startServer(testEnv({ PORT: '0' }), { database });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toMatch(/:0$/);

    const response = await fetch(`${server.url}/health`, {
      headers: { origin: WEB_ORIGIN, 'x-request-id': 'over-http-1' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('over-http-1');
    expect(response.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
    expectContractResponse(await fromFetch(response), 'getHealth');

    const missing = await fetch(`${server.url}/nope`);
    expect(missing.status).toBe(404);
    expectContractSchema(await fromFetch(missing), 'Error');
  });

  it('stops gracefully: marks the process not ready, then closes the port', async () => {
    const running = await startServer(testEnv({ PORT: '0' }), { database });
    const stopped = running.stop('SIGTERM');
    expect(running.app.lifecycle.shuttingDown).toBe(true);
    // Calling stop again (a second signal) waits for the same shutdown.
    expect(running.stop('SIGINT')).toBe(stopped);
    await stopped;
    await expect(fetch(`${running.url}/health`)).rejects.toThrow();
  });
});
