import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '#src/contract.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { signedUser } from '#src/testing/signed-user.ts';
import { contractOperations } from './operations.ts';
import { generateMalformedRequests, withAuthVariants, type FuzzRequest } from './requests.ts';

/**
 * Contract-driven fuzzing (issue 4, Acceptance; issue 43, finding 10): malformed requests for
 * every contract operation, and not one answer of 5xx. Every 4xx must be JSON with a string
 * `message`.
 *
 * Operations behind bearerAuth get each request signed in as a traveller of their own (and
 * every other one anonymous or with a bogus token), so malformed input reaches the handlers and
 * the database as it does for an attacker with an account. On PostgreSQL (CI) each operation
 * gets at least 500 distinct requests, several in flight at once, on a database of its own (the
 * signed-in ones write); on PGlite, fewer, for the time the whole suite takes there
 * (docs/testing.md).
 */
const SEED = 4_2024;
const ON_POSTGRES = testDatabaseKind() === 'postgres';
const MINIMUM_REQUESTS = Number(process.env.FUZZ_MINIMUM ?? (ON_POSTGRES ? 500 : 200));
/** Requests in flight at once (PGlite has one connection: one at a time there). */
const IN_FLIGHT = ON_POSTGRES ? 4 : 1;
/** Every rate limit out of the way: each malformed request must reach validation and handlers. */
const NO_LIMITS = Object.fromEntries(
  [
    'PUBLIC_WRITE_LIMIT',
    'AUTH_LIMIT',
    'AUTH_ACCOUNT_LIMIT',
    'CHAT_SEND_LIMIT',
    'PHONE_CODE_LIMIT',
    'UPLOAD_LIMIT',
  ].map((name) => [name, '1000000']),
);

const allOperations = contractOperations(loadContract());
// `FUZZ_OPERATIONS=listTours,getTour` replays the fuzzing of some operations only.
const only = process.env.FUZZ_OPERATIONS?.split(',').filter(Boolean);
const operations = only
  ? allOperations.filter((operation) => only.includes(operation.operationId))
  : allOperations;

interface Answer {
  statusCode: number;
  contentType: string;
  body: string;
}

/** Why `answer` is not acceptable for `operation`, or undefined when it is. */
function problemWith(answer: Answer): string | undefined {
  const { statusCode } = answer;
  if (statusCode >= 500) return `status ${statusCode}`;
  if (statusCode < 400) return undefined;
  if (!answer.contentType.startsWith('application/json')) {
    return `4xx with content-type "${answer.contentType}"`;
  }
  try {
    const body = JSON.parse(answer.body) as { message?: unknown } | null;
    return typeof body?.message === 'string' ? undefined : '4xx JSON without a string message';
  } catch {
    return '4xx body is not JSON';
  }
}

const clip = (text: string, length = 300) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

function describeOffender(request: FuzzRequest, answer: Answer, problem: string): string {
  const payload =
    request.payload === undefined
      ? ''
      : `\n    body: ${clip(Buffer.isBuffer(request.payload) ? `<bytes ${request.payload.toString('hex')}>` : request.payload)}`;
  return (
    `- ${problem}: ${request.label}\n    ${request.method} ${clip(request.url)}` +
    `\n    headers: ${clip(JSON.stringify(request.headers))}${payload}` +
    `\n    answer: ${answer.statusCode} ${answer.contentType} ${clip(answer.body)}`
  );
}

async function send(app: FastifyInstance, request: FuzzRequest): Promise<Answer> {
  const response = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
  return {
    statusCode: response.statusCode,
    contentType: String(response.headers['content-type'] ?? ''),
    body: response.body,
  };
}

let testApp: ScratchApp;
const totals = { requests: 0, operations: 0, startedAt: 0 };
const durations: [operationId: string, milliseconds: number][] = [];

beforeAll(async () => {
  // `FUZZ_LOG_LEVEL=warn` shows what the API logged (e.g. values the database refused).
  const logLevel = process.env.FUZZ_LOG_LEVEL;
  testApp = await buildScratchApp('fuzz', {
    ...NO_LIMITS,
    ...(logLevel ? { LOG_LEVEL: logLevel } : {}),
  });
  totals.startedAt = performance.now();
}, 120_000);

/** Sends `requests` with `IN_FLIGHT` at a time; `check` sees each answer. */
async function sendAll(
  requests: FuzzRequest[],
  check: (request: FuzzRequest, answer: Answer) => void,
  signal: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < requests.length && !signal.aborted) {
      const request = requests[next++]!;
      check(request, await send(testApp.app, request));
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

afterAll(async () => {
  const seconds = (performance.now() - totals.startedAt) / 1000;
  console.info(
    `fuzz (${testDatabaseKind()}, at least ${MINIMUM_REQUESTS} distinct per operation, ${IN_FLIGHT} in flight): ` +
      `${totals.requests} requests over ${totals.operations} operations in ${seconds.toFixed(1)} s; ` +
      `slowest: ` +
      durations
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(
          ([operationId, milliseconds]) => `${operationId} ${(milliseconds / 1000).toFixed(1)} s`,
        )
        .join(', '),
  );
  await testApp?.close();
});

describe('contract fuzzing: malformed requests never get a 5xx', () => {
  it('covers every contract operation', () => {
    expect(operations.length).toBeGreaterThan(0);
    expect(new Set(allOperations.map((operation) => operation.operationId)).size).toBe(
      allOperations.length,
    );
    // A misspelt name in FUZZ_OPERATIONS must not pass silently.
    if (only) {
      expect(operations.map((operation) => operation.operationId).sort()).toEqual(
        [...new Set(only)].sort(),
      );
    }
  });

  // One test per operation; generous time for a loaded CI machine, and a test that timed out
  // stops sending (its loop would otherwise run on beside the next operations).
  it.for(operations.map((operation) => [operation.operationId, operation] as const))(
    '%s',
    { timeout: 180_000 },
    async ([, operation], { signal }) => {
      const distinct = generateMalformedRequests(operation, {
        seed: SEED,
        minimum: MINIMUM_REQUESTS,
      });
      expect(distinct.length).toBeGreaterThanOrEqual(MINIMUM_REQUESTS);
      // A traveller of its own: what one operation does to its account (a new password, a
      // sign-out) leaves the others' alone.
      const signed =
        operation.auth === 'none' ? undefined : await signedUser(testApp.scratch.handle.db);
      const offenders: string[] = [];
      const startedAt = performance.now();
      await sendAll(
        withAuthVariants(operation, distinct, signed?.token),
        (request, answer) => {
          const problem = problemWith(answer);
          if (problem) offenders.push(describeOffender(request, answer, problem));
          totals.requests += 1;
        },
        signal,
      );
      if (signal.aborted) return;
      totals.operations += 1;
      durations.push([operation.operationId, performance.now() - startedAt]);
      expect(
        offenders.length,
        `${offenders.length} bad answers for ${operation.method} ${operation.path}:\n${offenders.join('\n')}\n`,
      ).toBe(0);
    },
  );
});
