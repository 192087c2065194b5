import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { OperationId } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse, type CheckedResponse } from '#src/testing/contract.ts';

/** Checks an error answer against the operation's declared response (its `Error` body). */
export function expectContractError(response: CheckedResponse, operationId: OperationId) {
  return expectContractResponse(response, operationId) as { message: string; errors?: object };
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
