import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuildAppOptions } from '#src/app.ts';
import { loadContract, type Contract } from '#src/contract.ts';
import { expectContractResponse, expectContractSchema } from '#src/testing/contract.ts';
import { testEnv, WEB_ORIGIN } from '#src/testing/env.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { openTestDatabase } from '#src/testing/database.ts';
import { captureLogs } from '#src/testing/logs.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// Building an app parses the contract (a few hundred ms), so tests that only read share one.
const apps: FastifyInstance[] = [];
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database.close();
});

function start(options: Omit<BuildAppOptions, 'database'> = {}, env = testEnv()): FastifyInstance {
  const app = buildApp(env, { ...options, database });
  apps.push(app);
  return app;
}

let api: FastifyInstance;
beforeAll(() => {
  api = start();
});

/**
 * The real contract plus one operation that has a query parameter and a JSON body but no handler
 * (no such operation exists yet): it shows that requests are validated from the contract.
 */
function contractWithBooking(): Contract {
  const contract = structuredClone(loadContract());
  contract.paths['/bookings'] = {
    post: {
      operationId: 'createBookingForTest',
      parameters: [{ name: 'tourId', in: 'query', required: true, schema: { type: 'integer' } }],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['email', 'riders'],
              properties: {
                email: { type: 'string', format: 'email' },
                riders: { type: 'integer', minimum: 1 },
              },
            },
          },
        },
      },
      responses: { '201': { description: 'Created' } },
    },
  };
  return contract;
}

describe('request ids', () => {
  it('echoes an incoming x-request-id', async () => {
    const response = await api.inject({
      url: '/health',
      headers: { 'x-request-id': 'trace-1234.abc' },
    });
    expect(response.headers['x-request-id']).toBe('trace-1234.abc');
    expectContractResponse(response, 'getHealth');
  });

  it('makes a new id when none comes in, or when the incoming one is unsafe', async () => {
    const plain = await api.inject({ url: '/health' });
    const unsafe = await api.inject({
      url: '/health',
      headers: { 'x-request-id': 'a b\n{"forged":1}' },
    });
    expect(plain.headers['x-request-id']).toMatch(UUID);
    expect(unsafe.headers['x-request-id']).toMatch(UUID);
    expect(unsafe.headers['x-request-id']).not.toBe(plain.headers['x-request-id']);
  });

  it('logs each request with its id', async () => {
    const logs = captureLogs();
    await start({ logStream: logs.stream }, testEnv({ LOG_LEVEL: 'info' })).inject({
      url: '/health',
      headers: { 'x-request-id': 'logged-id-1' },
    });
    expect(logs.entries.some((entry) => entry['reqId'] === 'logged-id-1')).toBe(true);
  });
});

describe('unknown routes', () => {
  it('answer 404 JSON with the request id', async () => {
    const response = await api.inject({
      url: '/no/such/route',
      headers: { 'x-request-id': 'r-404' },
    });
    expect(response.statusCode).toBe(404);
    expect(expectContractSchema(response, 'Error')).toEqual({ message: 'Not found' });
    expect(response.headers['x-request-id']).toBe('r-404');
  });

  it('answer 404 for a method the contract does not declare', async () => {
    const response = await api.inject({ method: 'DELETE', url: '/health' });
    expect(response.statusCode).toBe(404);
    expect(expectContractSchema(response, 'Error')).toEqual({ message: 'Not found' });
  });

  it('answer 400 JSON for a malformed URL', async () => {
    const response = await api.inject({ url: '/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expectContractSchema(response, 'Error');
    expect(response.headers['x-request-id']).toMatch(UUID);
  });
});

describe('CORS', () => {
  it('allows the web origin and exposes the request id', async () => {
    const response = await api.inject({ url: '/health', headers: { origin: WEB_ORIGIN } });
    expect(response.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-expose-headers']).toBe('x-request-id');
    expect(response.headers['vary']).toBe('Origin');
    expectContractResponse(response, 'getHealth');
  });

  it('gives other origins no CORS headers', async () => {
    const response = await api.inject({
      url: '/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a preflight from the web origin', async () => {
    const response = await api.inject({
      method: 'OPTIONS',
      url: '/health',
      headers: {
        origin: WEB_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-currency, x-authorization',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
    expect(response.headers['access-control-allow-methods']).toContain('GET');
    expect(response.headers['access-control-allow-headers']).toContain('x-currency');
    expect(response.headers['access-control-allow-headers']).toContain('x-authorization');
  });

  it('answers a preflight from another origin without allowing it', async () => {
    const response = await api.inject({
      method: 'OPTIONS',
      url: '/health',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('requests validated from the contract', () => {
  const logs = captureLogs();
  let booking: FastifyInstance;
  beforeAll(() => {
    booking = start(
      { contract: contractWithBooking(), logStream: logs.stream },
      testEnv({ LOG_LEVEL: 'warn' }),
    );
  });
  const post = (payload: string, url = '/bookings?tourId=7') =>
    booking.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('answers 400 with every invalid body field', async () => {
    const response = await post('{"email":"not-an-email","riders":0}');
    expect(response.statusCode).toBe(400);
    expect(expectContractSchema(response, 'Error')).toEqual({
      message: 'Invalid request body',
      errors: { email: ['must match format "email"'], riders: ['must be >= 1'] },
    });
  });

  it('names missing fields', async () => {
    const response = await post('{"riders":2}');
    expect(response.statusCode).toBe(400);
    expect(expectContractSchema(response, 'Error')).toEqual({
      message: 'Invalid request body',
      errors: { email: ['is required'] },
    });
  });

  it('validates query parameters', async () => {
    const response = await post(
      '{"email":"rider@example.com","riders":2}',
      '/bookings?tourId=seven',
    );
    expect(response.statusCode).toBe(400);
    expect(expectContractSchema(response, 'Error')).toEqual({
      message: 'Invalid query parameters',
      errors: { tourId: ['must be integer'] },
    });
  });

  it.each([
    ['malformed JSON', '{"email": '],
    ['an empty JSON body', ''],
    ['a prototype-poisoning body', '{"__proto__":{"admin":true}}'],
  ])('answers 400, never 5xx, for %s', async (_name, payload) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(expectContractSchema(response, 'Error')).toHaveProperty('message');
  });

  it('answers 501 for a valid request to an operation with no handler, and warns at start', async () => {
    const response = await post('{"email":"rider@example.com","riders":2}');
    expect(response.statusCode).toBe(501);
    expect(expectContractSchema(response, 'Error')).toEqual({
      message: 'Operation createBookingForTest is not implemented',
    });
    expect(logs.entries).toContainEqual(
      expect.objectContaining({
        operationId: 'createBookingForTest',
        msg: 'contract operation has no handler',
      }),
    );
  });
});

describe('thrown errors', () => {
  const logs = captureLogs();
  let throwing: FastifyInstance;
  beforeAll(() => {
    throwing = start({ logStream: logs.stream }, testEnv({ LOG_LEVEL: 'error' }));
    throwing.get('/boom', async () => {
      throw new Error('database password is hunter2');
    });
    throwing.get('/teapot', async () => {
      throw Object.assign(new Error('No coffee here'), { statusCode: 418 });
    });
  });

  it('are logged and answer 500 without details when unexpected', async () => {
    const response = await throwing.inject({ url: '/boom', headers: { 'x-request-id': 'r-500' } });
    expect(response.statusCode).toBe(500);
    expect(expectContractSchema(response, 'Error')).toEqual({ message: 'Internal Error' });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('app.test.ts');
    const logged = logs.entries.find(
      (entry) => entry['reqId'] === 'r-500' && entry['level'] === 50,
    );
    expect(logged?.['err']).toMatchObject({ message: 'database password is hunter2' });
  });

  it('keep an intended 4xx status and message', async () => {
    const response = await throwing.inject({ url: '/teapot' });
    expect(response.statusCode).toBe(418);
    expect(expectContractSchema(response, 'Error')).toEqual({ message: 'No coffee here' });
  });
});

describe('values the database refuses', () => {
  const logs = captureLogs();
  let refusing: FastifyInstance;
  beforeAll(() => {
    refusing = start({ logStream: logs.stream }, testEnv({ LOG_LEVEL: 'warn' }));
    // 2^31 does not fit an int4 column: PostgreSQL's error 22003 (numeric value out of range).
    refusing.get('/overflow', async () => database.db.execute(sql`select ${2 ** 31}::int4`));
  });

  it('answer 400 rather than 500 and are logged (issue 43, finding 10)', async () => {
    const response = await refusing.inject({
      url: '/overflow',
      headers: { 'x-request-id': 'r-22003' },
    });
    expect(response.statusCode).toBe(400);
    expect(expectContractSchema(response, 'Error')).toEqual({ message: 'Invalid request' });
    const logged = logs.entries.find((entry) => entry['reqId'] === 'r-22003');
    expect(logged).toMatchObject({ level: 40, sqlState: '22003' });
  });
});
