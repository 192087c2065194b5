import { EnvError, parseEnv, type Env } from '#src/env.ts';
import { startServer } from '#src/server.ts';

// If in-flight requests do not finish in time, leave anyway so the orchestrator can restart us.
const SHUTDOWN_TIMEOUT_MS = 10_000;

function readEnv(): Env {
  try {
    return parseEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const server = await startServer(readEnv());
console.info(`Gallop API listening on ${server.url}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    setTimeout(() => {
      server.app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    server.stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
