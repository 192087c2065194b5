/**
 * An operator's probe, kept as a regression test: a PostgreSQL that takes packets and never
 * answers (a network partition, a frozen server; measured through a TCP proxy that stopped
 * forwarding) made `GET /ready` wait as long as the partition lasted (15 s and more), so a load
 * balancer learnt nothing but its own probe timeout. `/ready` must say 503 within its bound.
 */
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createLifecycle } from '#src/lifecycle.ts';
import { registerOperationsRoutes } from '#src/modules/operations/index.ts';

/** Well past the readiness ping's bound (3 s): an answer by then is the bound's, not luck's. */
const GIVE_UP_MS = 6_500;

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

describe('GET /ready while the database hangs', () => {
  it('answers 503 with a message within its bound, and says the outage once', async () => {
    const warnings: string[] = [];
    const app = Fastify();
    apps.push(app);
    registerOperationsRoutes(app, {
      lifecycle: createLifecycle(),
      // A ping that never settles: the connection is open, nothing comes back.
      database: { ping: () => new Promise<void>(() => {}) },
      outage: {
        report: (_component, error) => {
          warnings.push(String(error));
          return true;
        },
      },
    });
    const response = await Promise.race([
      app.inject({ method: 'GET', url: '/ready' }),
      new Promise<'no answer'>((resolve) =>
        setTimeout(() => resolve('no answer'), GIVE_UP_MS).unref(),
      ),
    ]);
    expect(response).not.toBe('no answer');
    if (response === 'no answer') return;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'The database is not reachable' });
    expect(warnings).toHaveLength(1);
  }, 15_000);
});
