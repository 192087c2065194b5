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

type LooseGet = (
  path: string,
  init: { params?: unknown; signal?: AbortSignal },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

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
    queryFn: async ({ signal }) => {
      // Generic over every path: the per-path typing is checked at this function's signature.
      const get = client.GET as unknown as LooseGet;
      // Either client mode: a failed answer throws its ApiError.
      const result = await get(path, params === undefined ? { signal } : { params, signal });
      return unwrap(result) as GetData<Path>;
    },
  });
}

/** What `gallopQueryOptions` returns for a path: names the type so declarations stay small. */
export type GallopQueryOptions<Path extends GetPath> = ReturnType<typeof gallopQueryOptions<Path>>;
