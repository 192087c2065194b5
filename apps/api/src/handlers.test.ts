import { describe, expect, it } from 'vitest';
import { loadContract, type ServiceHandlers } from '#src/contract.ts';
import { createServiceHandlers } from '#src/handlers.ts';
import { createLifecycle } from '#src/lifecycle.ts';

describe('service handlers', () => {
  it('has a handler for every operation in the bundled contract', () => {
    const handlers = createServiceHandlers({ lifecycle: createLifecycle() });
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
