import type { FastifyInstance } from 'fastify';
import type { OperationId } from '#src/contract.ts';
import { expectContractResponse } from './contract.ts';

/** A contract-checked JSON answer (its shape is asserted by `expectContractResponse`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

export interface CallOptions {
  payload?: object;
  /** Sent as `X-Authorization: Bearer <token>`. */
  token?: string;
  /** Sent as `X-Currency`. */
  currency?: string;
}

/**
 * `call(operationId, method, url, options)` for integration tests: injects the request, checks
 * the answer against the contract, and gives back its status and body.
 */
export function contractCaller(app: () => FastifyInstance) {
  return async function call(
    operationId: OperationId,
    method: 'GET' | 'POST',
    url: string,
    { payload, token, currency }: CallOptions = {},
  ): Promise<{ status: number; body: Json }> {
    const response = await app().inject({
      method,
      url,
      headers: {
        ...(token ? { 'x-authorization': `Bearer ${token}` } : {}),
        ...(currency ? { 'x-currency': currency } : {}),
      },
      ...(payload ? { payload } : {}),
    });
    return {
      status: response.statusCode,
      body: expectContractResponse(response, operationId) as Json,
    };
  };
}
