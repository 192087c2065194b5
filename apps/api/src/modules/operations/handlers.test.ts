import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { openTestDatabase } from '#src/testing/database.ts';
import { expectContractResponse, expectContractSchema } from '#src/testing/contract.ts';
import { testEnv } from '#src/testing/env.ts';
import { createLifecycle } from '#src/lifecycle.ts';
import { INDEX_NOT_READY, registerOperationsRoutes } from './routes.ts';

let app: FastifyInstance;
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
beforeEach(() => {
  app = buildApp(testEnv(), { database });
});
afterEach(() => app.close());

describe('GET /health (getHealth)', () => {
  it('answers ok with the process uptime, as the contract says', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    const body = expectContractResponse(response, 'getHealth') as {
      status: string;
      uptime: number;
    };
    expect(body.status).toBe('ok');
    expect(body.uptime).toBeGreaterThan(0);
    expect(body.uptime).toBeLessThanOrEqual(process.uptime());
  });

  it('answers 503 with a message once shutdown has begun', async () => {
    app.lifecycle.beginShutdown();
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(503);
    expect(expectContractResponse(response, 'getHealth')).toEqual({
      message: 'The server is shutting down',
    });
  });
});

describe('GET /ready', () => {
  it('answers ready while serving', async () => {
    const response = await app.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 with the contract error shape once shutdown has begun', async () => {
    app.lifecycle.beginShutdown();
    const response = await app.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(503);
    expect(expectContractSchema(response, 'Error')).toEqual({
      message: 'The server is shutting down',
    });
  });
});

describe('GET /ready when the database does not answer', () => {
  it('answers 503 with a message, so the load balancer stops sending traffic', async () => {
    const failing = buildApp(testEnv(), {
      database: {
        ...database,
        ping: () => Promise.reject(new Error('connection refused')),
      },
    });
    try {
      const response = await failing.inject({ method: 'GET', url: '/ready' });
      expect(response.statusCode).toBe(503);
      expect(expectContractSchema(response, 'Error')).toEqual({
        message: 'The database is not reachable',
      });
    } finally {
      await failing.close();
    }
  });
});

describe('GET /ready while the first search index is being built', () => {
  it('answers 503 until the index is built, then ready', async () => {
    let warmed = false;
    const bare = Fastify();
    registerOperationsRoutes(bare, {
      lifecycle: createLifecycle(),
      database,
      searchIndexWarmed: () => warmed,
    });
    try {
      const building = await bare.inject({ method: 'GET', url: '/ready' });
      expect(building.statusCode).toBe(503);
      expect(expectContractSchema(building, 'Error')).toEqual(INDEX_NOT_READY);
      warmed = true;
      const ready = await bare.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
    } finally {
      await bare.close();
    }
  });
});
