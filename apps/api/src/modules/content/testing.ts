import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { loadContract, type OperationId } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractSchema, type CheckedResponse } from '#src/testing/contract.ts';

/**
 * Checks an error answer: the operation declares its status, and the body is the contract's
 * `Error`. (`expectContractResponse` cannot follow responses given as `$ref` to
 * `components/responses`, which every error response of the contract is.)
 */
export function expectContractError(response: CheckedResponse, operationId: OperationId) {
  const operation = Object.values(loadContract().paths)
    .flatMap((item) => Object.values(item) as { operationId?: string; responses?: object }[])
    .find((candidate) => candidate?.operationId === operationId);
  expect(Object.keys(operation?.responses ?? {}), operationId).toContain(
    String(response.statusCode),
  );
  return expectContractSchema(response, 'Error') as { message: string; errors?: object };
}

export interface SharedTestApp {
  readonly testApp: TestApp;
  readonly db: Database;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** One test app over the seeded database for the whole file (opened before, closed after). */
export function useTestApp(): SharedTestApp {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp?.close());
  const opened = () => {
    if (!testApp) throw new Error('the test app is not open yet');
    return testApp;
  };
  return {
    get testApp() {
      return opened();
    },
    get db() {
      return opened().database.db;
    },
    get: (url, headers = {}) => opened().app.inject({ method: 'GET', url, headers }),
  };
}
