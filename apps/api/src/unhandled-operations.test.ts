import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#src/app.ts';
import { loadContract } from '#src/contract.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { openTestDatabase } from '#src/testing/database.ts';
import { expectContractSchema } from '#src/testing/contract.ts';
import { testEnv } from '#src/testing/env.ts';
import { captureLogs } from '#src/testing/logs.ts';

/**
 * Every operation in the contract has a handler (typecheck enforces it); a contract JSON newer
 * than the handlers still starts, validates requests and answers 501 for what it cannot handle.
 */
describe('operations without a handler', () => {
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

  // A contract one operation newer than the handlers.
  describe('in a newer contract', () => {
    const newerLogs = captureLogs();
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
      newer = buildApp(testEnv({ LOG_LEVEL: 'warn' }), {
        logStream: newerLogs.stream,
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

    it('warns at start about each operation it cannot handle', () => {
      const warned = newerLogs.entries
        .filter((entry) => entry['msg'] === 'contract operation has no handler')
        .map((entry) => entry['operationId']);
      expect(warned.sort()).toEqual(['notYetRead', 'notYetWrite']);
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

  it('warns at start about no operation of the contract it was built with', () => {
    const warned = logs.entries.filter(
      (entry) => entry['msg'] === 'contract operation has no handler',
    );
    expect(warned).toEqual([]);
  });
});
