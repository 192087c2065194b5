import type { operations } from '@gallop/api-client';

/**
 * Contract operations that are described in `openapi/` but whose handlers have not landed yet.
 * Each answers 501 `{ message }` until its module arrives. Listing an operation here is a
 * deliberate, reviewed act: the typecheck still fails for any operation that is neither handled
 * nor listed, and the list must be empty before the API is called complete.
 * Grouped by contract tag (the API domain that will handle them).
 */
export const PENDING_OPERATIONS = [] as const satisfies readonly (keyof operations)[];

export type PendingOperationId = (typeof PENDING_OPERATIONS)[number];
