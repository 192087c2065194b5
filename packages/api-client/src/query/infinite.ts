import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import type { GallopClient } from '../client';
import type { ApiError } from '../errors';
import { unwrap } from '../unwrap';
import type { GetData, GetParams, GetPath } from './keys';

type LooseGet = (
  path: string,
  init: { params?: unknown; signal?: AbortSignal },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** The query parameters of a GET call (`{}` when it has none). */
type QueryOf<Path extends GetPath> = NonNullable<
  GetParams<Path> extends { query?: infer Query } ? Query : never
>;

/** The query parameter that carries the page (`offset`, `page`), and its values. */
type PageField<Path extends GetPath> = keyof QueryOf<Path> & string;
type PageValue<Path extends GetPath, Field extends PageField<Path>> = NonNullable<
  QueryOf<Path>[Field]
>;

/**
 * The key of a GET call read page by page (`useInfiniteQuery`): `['get', path, params, 'pages']`,
 * where `params` leaves the page parameter out. Below the call's prefix, so `operationKeys` and
 * `gallopQueryKey(path)` still invalidate it, and apart from the entry of one page.
 */
export function gallopInfiniteQueryKey<Path extends GetPath>(path: Path, params: GetParams<Path>) {
  return ['get', path, params, 'pages'] as const;
}

/**
 * `infiniteQueryOptions` for a GET call of the contract read page by page: each page is the call
 * with `params` and the page parameter `pages.param` set to the page's value. Takes either client
 * mode; failures are `ApiError`s.
 *
 * ```ts
 * const options = gallopInfiniteQueryOptions(client, '/crm/api/chat/list', { query: { limit: 20 } }, {
 *   param: 'offset',
 *   initialPageParam: 0,
 *   getNextPageParam: (last, all) => (all.length * 20 < last.total ? all.length * 20 : undefined),
 * });
 * await queryClient.ensureInfiniteQueryData(options); // loader
 * const { data } = useSuspenseInfiniteQuery(options); // component: data.pages
 * ```
 */
export function gallopInfiniteQueryOptions<Path extends GetPath, Field extends PageField<Path>>(
  client: GallopClient<boolean>,
  path: Path,
  params: GetParams<Path>,
  pages: {
    param: Field;
    initialPageParam: PageValue<Path, Field>;
    getNextPageParam: (
      last: GetData<Path>,
      all: GetData<Path>[],
    ) => PageValue<Path, Field> | undefined | null;
  },
) {
  const key = gallopInfiniteQueryKey(path, params);
  return infiniteQueryOptions<
    GetData<Path>,
    ApiError,
    InfiniteData<GetData<Path>, PageValue<Path, Field>>,
    typeof key,
    PageValue<Path, Field>
  >({
    queryKey: key,
    queryFn: async ({ pageParam, signal }) => {
      // Generic over every path: the per-path typing is checked at this function's signature.
      const get = client.GET as unknown as LooseGet;
      const { query, ...rest } = (params ?? {}) as { query?: object };
      const page = { ...rest, query: { ...query, [pages.param]: pageParam } };
      // Either client mode: a failed answer throws its ApiError.
      return unwrap(await get(path, { params: page, signal })) as GetData<Path>;
    },
    initialPageParam: pages.initialPageParam,
    getNextPageParam: (last, all) => pages.getNextPageParam(last, all),
  });
}
