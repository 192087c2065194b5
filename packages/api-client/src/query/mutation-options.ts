import type { UseMutationOptions } from '@tanstack/react-query';
import type { FetchOptions } from 'openapi-fetch';
import type { PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import type { GallopClient, OperationOf } from '../client';
import type { ApiError } from '../errors';
import type { paths } from '../schema.gen';
import { unwrap } from '../unwrap';
import type { OperationData } from './keys';

/** The methods of calls that change something. */
export type MutationMethod = 'post' | 'put' | 'patch' | 'delete';

/** Every path of the contract with a call of that method. */
export type MutationPath<Method extends MutationMethod> = PathsWithMethod<paths, Method>;

type CallInit<Method extends MutationMethod, Path extends MutationPath<Method>> = Pick<
  FetchOptions<OperationOf<Path, Method>>,
  'params' | 'body'
>;

/**
 * What `mutate` takes: the call's `params` and `body`, as the client takes them. Optional (`void`)
 * when nothing in it is required.
 */
export type MutationVariables<Method extends MutationMethod, Path extends MutationPath<Method>> =
  RequiredKeysOf<CallInit<Method, Path>> extends never
    ? CallInit<Method, Path> | void
    : CallInit<Method, Path>;

/** What `gallopMutationOptions` returns: `useMutation` options whose errors are `ApiError`s. */
export type GallopMutationOptions<
  Method extends MutationMethod,
  Path extends MutationPath<Method>,
> = Omit<
  UseMutationOptions<OperationData<Path, Method>, ApiError, MutationVariables<Method, Path>>,
  'mutationKey' | 'mutationFn'
> & {
  mutationKey: readonly [Method, Path];
  mutationFn: (variables: MutationVariables<Method, Path>) => Promise<OperationData<Path, Method>>;
};

type LooseCall = (
  path: string,
  init: object,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * `useMutation` options for any call of the contract that is not a GET: the key is the call's
 * `operationKeys` prefix, `[method, path]`, the variables are the call's `params` and `body`, and
 * failures are `ApiError`s with either client mode. Spread it to add callbacks.
 *
 * ```ts
 * const start = useMutation({
 *   ...gallopMutationOptions(client, 'post', '/crm/api/payment/start'),
 *   onSuccess: () => queryClient.invalidateQueries({ queryKey: operationKeys.getPaymentStatus }),
 * });
 * start.mutate({ body: { request_id: 7 } });
 * ```
 */
export function gallopMutationOptions<
  const Method extends MutationMethod,
  const Path extends MutationPath<Method>,
>(client: GallopClient<boolean>, method: Method, path: Path): GallopMutationOptions<Method, Path> {
  // Generic over every path: the per-path typing is checked at this function's signature.
  const call = client[method.toUpperCase() as Uppercase<Method>] as unknown as LooseCall;
  return {
    mutationKey: [method, path] as const,
    mutationFn: async (variables) =>
      unwrap(await call(path, variables ?? {})) as OperationData<Path, Method>,
  };
}
