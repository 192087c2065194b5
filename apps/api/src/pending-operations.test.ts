import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#src/app.ts';
import { loadContract } from '#src/contract.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { PENDING_OPERATIONS } from '#src/pending-operations.ts';
import { openTestDatabase } from '#src/testing/database.ts';
import { expectContractSchema } from '#src/testing/contract.ts';
import { testEnv } from '#src/testing/env.ts';
import { captureLogs } from '#src/testing/logs.ts';

/** Every operationId of the bundled contract, by `METHOD path`. */
function contractOperations(): Map<string, string> {
  const operations = new Map<string, string>();
  for (const [path, item] of Object.entries(loadContract().paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const id = (operation as { operationId?: unknown } | null)?.operationId;
      if (typeof id === 'string') operations.set(id, `${method.toUpperCase()} ${path}`);
    }
  }
  return operations;
}

describe('pending operations', () => {
  const logs = captureLogs();
  let api: FastifyInstance;
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    api = buildApp(testEnv({ LOG_LEVEL: 'warn' }), { logStream: logs.stream, database });
    await api.ready();
  });
  afterAll(async () => {
    await api.close();
    await database.close();
  });

  it('lists only operations the contract describes, each once', () => {
    const operations = contractOperations();
    const unknown = PENDING_OPERATIONS.filter((id) => !operations.has(id));
    expect(unknown).toEqual([]);
    expect(new Set(PENDING_OPERATIONS).size).toBe(PENDING_OPERATIONS.length);
  });

  // Every contract operation has a handler now; a contract one operation newer than the
  // handlers shows what a listed (or forgotten) operation answers.
  describe('an operation without a handler', () => {
    let newer: FastifyInstance;
    let newerDatabase: DatabaseHandle;
    const idQuery = {
      name: 'id',
      in: 'query',
      required: true,
      schema: { type: 'integer', minimum: 1 },
    };
    const answers = {
      '400': { $ref: '#/components/responses/BadRequest' },
      '501': { description: 'Not implemented yet' },
    };
    beforeAll(async () => {
      const contract = loadContract();
      newerDatabase = await openTestDatabase();
      newer = buildApp(testEnv(), {
        database: newerDatabase,
        contract: {
          ...contract,
          paths: {
            ...contract.paths,
            '/spa/not-yet': {
              get: { operationId: 'notYetRead', parameters: [idQuery], responses: answers },
              post: {
                operationId: 'notYetWrite',
                requestBody: {
                  required: true,
                  content: {
                    'application/json': {
                      schema: {
                        type: 'object',
                        additionalProperties: false,
                        required: ['id'],
                        properties: { id: { type: 'integer' } },
                      },
                    },
                  },
                },
                responses: answers,
              },
            },
          },
        },
      });
      await newer.ready();
    });
    afterAll(async () => {
      await newer.close();
      await newerDatabase.close();
    });

    it('answers 501 JSON { message } for a valid GET', async () => {
      const response = await newer.inject({ url: '/spa/not-yet?id=41' });
      expect(response.statusCode).toBe(501);
      expect(expectContractSchema(response, 'Error')).toEqual({
        message: 'Operation notYetRead is not implemented',
      });
      const invalid = await newer.inject({ url: '/spa/not-yet?id=seven' });
      expect(invalid.statusCode).toBe(400);
    });

    it('answers 501 for a valid JSON POST', async () => {
      const response = await newer.inject({
        method: 'POST',
        url: '/spa/not-yet',
        headers: { 'content-type': 'application/json' },
        payload: { id: 41 },
      });
      expect(response.statusCode).toBe(501);
      expect(expectContractSchema(response, 'Error')).toEqual({
        message: 'Operation notYetWrite is not implemented',
      });
    });
  });

  it('still validates the request against the contract before answering 501', async () => {
    const badQuery = await api.inject({ url: '/spa/tour-private-variants-data?id=seven' });
    expect(badQuery.statusCode).toBe(400);
    expect(expectContractSchema(badQuery, 'Error')).toEqual({
      message: 'Invalid query parameters',
      errors: { id: ['must be integer'] },
    });

    const missingBody = await api.inject({
      method: 'POST',
      url: '/crm/api/chat/mark-as-read',
      headers: { 'content-type': 'application/json' },
      payload: {},
    });
    expect(missingBody.statusCode).toBe(400);
    expect(expectContractSchema(missingBody, 'Error')).toEqual({
      message: 'Invalid request body',
      errors: { chat_id: ['is required'] },
    });
  });

  it('rejects a body field the contract does not know', async () => {
    const response = await api.inject({
      method: 'POST',
      url: '/crm/api/chat/mark-as-read',
      headers: { 'content-type': 'application/json' },
      payload: { chat_id: 41, is_admin: true },
    });
    expect(response.statusCode).toBe(400);
    expect(expectContractSchema(response, 'Error')).toEqual({
      message: 'Invalid request body',
      errors: { is_admin: ['is not allowed'] },
    });
  });

  it('does not warn at start about operations that are listed as pending', () => {
    const warned = logs.entries.filter(
      (entry) => entry['msg'] === 'contract operation has no handler',
    );
    expect(warned).toEqual([]);
  });
});
