/**
 * A cluster for `src/cluster.test.ts`: the real primary (`runPrimary`) over workers that stand in
 * for the API. Each worker reads `CLUSTER_FIXTURE_CONTROL` as it starts: `serve` listens on
 * `PORT` (0: the port the primary picks, shared by all) and answers its pid (`/busy` after 20 ms
 * of work on its one thread, as a search); `fail` exits 1 before listening, as an API worker
 * does whose database is down.
 */
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { runPrimary } from '#src/cluster.ts';
import { processLog } from '#src/logging.ts';

const control = process.env['CLUSTER_FIXTURE_CONTROL']!;

if (cluster.isPrimary) {
  const code = await runPrimary({
    workers: 2,
    prepare: async () => {},
    log: processLog('info'),
    shutdownTimeoutMs: 2_000,
    restartDelayMs: 100,
    maxRestartDelayMs: 400,
  });
  process.exit(code);
} else if (readFileSync(control, 'utf8').trim() === 'fail') {
  process.exit(1);
} else {
  const server = http.createServer((request, response) => {
    if (request.url === '/busy') {
      const until = Date.now() + 20;
      while (Date.now() < until);
    }
    response.end(String(process.pid));
  });
  server.listen(Number(process.env['PORT'] ?? 0), '127.0.0.1');
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}
