import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerErrorsAsJson } from '#src/http/errors.ts';
import { createDatabaseOutageLog } from './outage-log.ts';

/** What drizzle throws when node-postgres could not connect: the driver's error as its cause. */
function refusedQuery(code = 'ECONNREFUSED'): Error {
  const driver = Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
  return new Error('Failed query: select "rate" from "currency_rates"\nparams: ', {
    cause: driver,
  });
}

describe('createDatabaseOutageLog', () => {
  it('says a lost database once per component, then once that it answers again', async () => {
    const lines: string[] = [];
    let up = false;
    const outage = createDatabaseOutageLog(
      async () => {
        if (!up) throw refusedQuery();
      },
      { warn: (_details, message) => lines.push(message), info: (message) => lines.push(message) },
      { pingEveryMs: 20 },
    );
    try {
      expect([outage.unreachable, outage.outages]).toEqual([false, 0]);
      for (let round = 0; round < 5; round += 1) {
        expect(outage.report('outbox', refusedQuery())).toBe(true);
        expect(outage.report('chat announcer', refusedQuery())).toBe(true);
      }
      const terminated = Object.assign(
        new Error('terminating connection due to administrator command'),
        {
          code: '57P01',
          severity: 'FATAL',
        },
      );
      expect(outage.report('readiness', terminated)).toBe(true);
      // Not a connection error: the caller logs it as before.
      expect(outage.report('outbox', new Error('relation "outbox" does not exist'))).toBe(false);
      expect(lines).toEqual([
        'outbox: the database is unreachable (connection refused)',
        'chat announcer: the database is unreachable (connection refused)',
        'readiness: the database is unreachable (terminating connection due to administrator command)',
      ]);
      // The metrics' view (decision 170): one outage, still on.
      expect([outage.unreachable, outage.outages]).toEqual([true, 1]);
      up = true;
      await expect.poll(() => lines.at(-1)).toBe('database: reachable again');
      expect(lines.filter((line) => line === 'database: reachable again')).toHaveLength(1);
      expect([outage.unreachable, outage.outages]).toEqual([false, 1]);
      // A new outage is said again.
      up = false;
      outage.report('outbox', refusedQuery());
      expect(lines.at(-1)).toBe('outbox: the database is unreachable (connection refused)');
      expect([outage.unreachable, outage.outages]).toEqual([true, 2]);
    } finally {
      outage.close();
    }
  });
});

describe('an unreachable database in a request', () => {
  it('answers 503 with a JSON message, not 500 "Internal Error"', async () => {
    const app = Fastify();
    answerErrorsAsJson(app);
    app.get('/refused', async () => {
      throw refusedQuery();
    });
    app.get('/terminated', async () => {
      throw new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') });
    });
    app.get('/broken', async () => {
      throw new Error('a bug');
    });
    for (const url of ['/refused', '/terminated']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        message: 'The service is briefly unavailable; try again shortly',
      });
    }
    expect((await app.inject({ url: '/broken' })).statusCode).toBe(500);
    await app.close();
  });
});
