import { queryOptions } from '@tanstack/react-query';
import type { GallopClient } from '../client';
import type { ApiError } from '../errors';
import { unwrap } from '../unwrap';
import {
  gallopQueryKey,
  type GetData,
  type GetParams,
  type GetPath,
  type ParamsArgument,
} from './keys';

interface LooseClient {
  GET(
    path: string,
    init: { params?: unknown; signal?: AbortSignal },
  ): Promise<{ data?: unknown; error?: unknown; response: Response }>;
}

/**
 * `queryOptions` for any GET call of the contract: the key is `['get', path, params]`, the query
 * function calls the client with react-query's abort signal, and failures are `ApiError`s, with
 * either client mode (`throwOnError` or not).
 *
 * ```ts
 * const options = gallopQueryOptions(client, '/spa/tour', { query: { slug } });
 * await queryClient.ensureQueryData(options); // loader
 * const { data } = useSuspenseQuery(options); // component
 * ```
 */
export function gallopQueryOptions<Path extends GetPath>(
  client: GallopClient<boolean>,
  path: Path,
  ...[params]: ParamsArgument<Path>
) {
  const key = gallopQueryKey(path, params as GetParams<Path> | undefined);
  return queryOptions<GetData<Path>, ApiError, GetData<Path>, typeof key>({
    queryKey: key,
    // Generic over every path: the per-path typing is checked at this function's signature.
    // Either client mode: a failed answer throws its ApiError. (`params: undefined` is no params
    // to openapi-fetch; this function is in the web's first load, so it stays short.)
    queryFn: async ({ signal }) =>
      unwrap(
        await (client as unknown as LooseClient).GET(path, { params, signal }),
      ) as GetData<Path>,
  });
}

/** What `gallopQueryOptions` returns for a path: names the type so declarations stay small. */
export type GallopQueryOptions<Path extends GetPath> = ReturnType<typeof gallopQueryOptions<Path>>;
