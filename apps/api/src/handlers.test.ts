import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { loadContract, type ServiceHandlers } from '#src/contract.ts';
import { createServiceHandlers } from '#src/handlers.ts';
import { createLifecycle } from '#src/lifecycle.ts';
import { createRatesCache } from '#src/shared/money/rates.ts';
import { openTestDatabase } from '#src/testing/database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('service handlers', () => {
  it('has a handler for every operation in the bundled contract', () => {
    const handlers = createServiceHandlers({
      lifecycle: createLifecycle(),
      db: database.db,
      rates: createRatesCache(database.db),
      paymentSecret: () => 'payment-secret-for-tests',
      bookingLinkSecret: () => 'booking-link-secret-for-tests',
      followerSecret: () => 'follower-secret-for-tests',
    });
    const operationIds = Object.values(loadContract().paths).flatMap((item) =>
      Object.values(item).map((operation) => (operation as { operationId?: string }).operationId),
    );
    expect(operationIds.length).toBeGreaterThan(0);
    for (const operationId of operationIds) {
      expect(typeof handlers[operationId as keyof ServiceHandlers], String(operationId)).toBe(
        'function',
      );
    }
  });

  it('makes a missing handler a compile error (checked by `pnpm typecheck`)', () => {
    // @ts-expect-error getHealth is missing: every contract operation needs a handler.
    const incomplete: ServiceHandlers = {};
    expect(incomplete).toEqual({});
  });
});
