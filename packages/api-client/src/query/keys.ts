import type { FetchResponse } from 'openapi-fetch';
import type {
  HttpMethod,
  MediaType,
  PathsWithMethod,
  RequiredKeysOf,
} from 'openapi-typescript-helpers';
import type { Answer, OperationOf } from '../client';
import type { paths } from '../schema.gen';

/** Every path of the contract with a GET call. */
export type GetPath = PathsWithMethod<paths, 'get'>;

/** The `params` of a GET call (`query`, `path`), as openapi-fetch takes them. */
export type GetParams<Path extends GetPath> =
  OperationOf<Path, 'get'> extends { parameters: infer Params } ? Params : never;

/** The answer of a call of the contract when it succeeds. */
export type OperationData<Path extends keyof paths, Method extends HttpMethod> = Answer<
  FetchResponse<OperationOf<Path, Method>, Record<string, never>, MediaType>
>['data'];

/** The answer of a GET call when it succeeds. */
export type GetData<Path extends GetPath> = OperationData<Path, 'get'>;

/** `params` is required exactly when the call has a required parameter. */
export type ParamsArgument<Path extends GetPath> =
  RequiredKeysOf<GetParams<Path>> extends never
    ? [params?: GetParams<Path>]
    : [params: GetParams<Path>];

/**
 * The query key of a GET call: `['get', path, params]`. Keys are hierarchical, so
 * `gallopQueryKey('/spa/tour')` (no params) matches every tour when invalidating.
 */
export function gallopQueryKey<Path extends GetPath>(
  path: Path,
  params?: GetParams<Path>,
): readonly ['get', Path] | readonly ['get', Path, GetParams<Path>] {
  return params === undefined ? (['get', path] as const) : (['get', path, params] as const);
}

/** An `operationKeys` entry: the method and path of one call of the contract. */
type OperationKey = readonly [HttpMethod, string];

/**
 * The key of a query that is not one GET call as the contract has it: a POST call read once per
 * input (an idempotent payment start, a one-time link), several calls read together, or an
 * attempt counter that asks again. The call's `operationKeys` prefix, then what tells its entries
 * apart, so the prefix still invalidates them all:
 *
 * ```ts
 * operationQueryKey(operationKeys.startPayment, { request_id: 7, attempt: 1 });
 * // ['post', '/crm/api/payment/start', { request_id: 7, attempt: 1 }]
 * ```
 *
 * For a GET call it is the key of the call's factory: `operationQueryKey(operationKeys.getTour,
 * { query: { slug } })` equals `getTourQueryOptions(client, { query: { slug } }).queryKey`.
 */
export function operationQueryKey<const Prefix extends OperationKey, const Variables>(
  prefix: Prefix,
  variables: Variables,
): readonly [...Prefix, Variables] {
  return [...prefix, variables] as const;
}
