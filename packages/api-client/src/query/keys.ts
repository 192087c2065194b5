import type { FetchResponse } from 'openapi-fetch';
import type { MediaType, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import type { Answer, OperationOf } from '../client';
import type { paths } from '../schema.gen';

/** Every path of the contract with a GET call. */
export type GetPath = PathsWithMethod<paths, 'get'>;

/** The `params` of a GET call (`query`, `path`), as openapi-fetch takes them. */
export type GetParams<Path extends GetPath> =
  OperationOf<Path, 'get'> extends { parameters: infer Params } ? Params : never;

/** The answer of a GET call when it succeeds. */
export type GetData<Path extends GetPath> = Answer<
  FetchResponse<OperationOf<Path, 'get'>, Record<string, never>, MediaType>
>['data'];

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
