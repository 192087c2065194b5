import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '#src/app.ts';
import type { Env } from '#src/env.ts';

export interface RunningServer {
  app: FastifyInstance;
  /** Base URL actually bound, e.g. `http://127.0.0.1:4000` (the real port when PORT=0). */
  url: string;
  /** Graceful stop: probes answer 503, the listener stops accepting, in-flight requests finish. */
  stop(reason?: string): Promise<void>;
}

export async function startServer(env: Env, options: BuildAppOptions = {}): Promise<RunningServer> {
  const app = buildApp(env, options);
  await app.listen({ host: env.HOST, port: env.PORT });
  const { address, port } = app.server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;

  let stopping: Promise<void> | undefined;
  return {
    app,
    url: `http://${host}:${port}`,
    stop(reason = 'stop requested') {
      stopping ??= (async () => {
        app.log.info({ reason }, 'shutting down');
        app.lifecycle.beginShutdown();
        await app.close();
        app.log.info('server closed');
      })();
      return stopping;
    },
  };
}
