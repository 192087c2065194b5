import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { operations } from '@gallop/api-client';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The bundled OpenAPI document, as produced by `pnpm --filter @gallop/openapi build`. */
export interface Contract {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
  [key: string]: unknown;
}

/**
 * Where the bundled contract lives: next to the built server (`dist/openapi.json`, copied by
 * tsup) or, when running from source, in the `@gallop/openapi` package's `dist/`.
 */
function resolveContractPath(): string {
  const besideBundle = fileURLToPath(new URL('./openapi.json', import.meta.url));
  if (existsSync(besideBundle)) return besideBundle;
  try {
    return createRequire(import.meta.url).resolve('@gallop/openapi/openapi.json');
  } catch (error) {
    throw new Error(
      'The API contract openapi.json was not found: run `pnpm --filter @gallop/openapi build` first.',
      { cause: error },
    );
  }
}

let cached: Contract | undefined;

/** Reads the contract once per process. */
export function loadContract(): Contract {
  if (!cached) {
    const path = resolveContractPath();
    if (!existsSync(path)) {
      throw new Error(
        `The API contract is missing at ${path}: run \`pnpm --filter @gallop/openapi build\` first.`,
      );
    }
    cached = JSON.parse(readFileSync(path, 'utf8')) as Contract;
  }
  return cached;
}

export type OperationId = keyof operations;

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type OperationParameters<K extends OperationId, In extends string> = operations[K] extends {
  parameters: { [P in In]?: infer Value };
}
  ? Value
  : never;

/** Fastify's route generics derived from one contract operation (reply bodies keyed by status). */
interface OperationRoute<K extends OperationId> {
  Params: OperationParameters<K, 'path'>;
  Querystring: OperationParameters<K, 'query'>;
  Headers: OperationParameters<K, 'header'>;
  Body: JsonContent<operations[K] extends { requestBody?: infer B } ? NonNullable<B> : never>;
  Reply: { [S in keyof operations[K]['responses']]: JsonContent<operations[K]['responses'][S]> };
}

/** The body a handler may return directly (sent with status 200). */
type OkBody<K extends OperationId> = 200 extends keyof operations[K]['responses']
  ? JsonContent<operations[K]['responses'][200]>
  : never;

type OperationHandler<K extends OperationId> = (
  request: FastifyRequest<OperationRoute<K>>,
  reply: FastifyReply<OperationRoute<K>>,
) => Promise<OkBody<K> | FastifyReply<OperationRoute<K>>>;

/**
 * One handler per contract operation. Because this maps over every key of `operations`, an
 * operation added to the contract (and to the generated types) without a handler fails typecheck.
 */
export type ServiceHandlers = {
  [K in OperationId]: OperationHandler<K>;
};
