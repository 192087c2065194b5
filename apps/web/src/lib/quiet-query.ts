import type { QueryFunction, QueryFunctionContext, QueryKey } from '@tanstack/react-query';

/**
 * A query function that answers `fallback` instead of failing, logging the failure quietly
 * (docs/product.md, Errors, "Quiet failures"): for counters and side lists a page shows without.
 * `rethrow` keeps the errors that are the page's own to report (an unknown id's 404).
 */
export function quietly<TData, TKey extends QueryKey, TPage>(
  // The generated options always carry a query function; `skipToken` is never passed here.
  queryFn: QueryFunction<TData, TKey, TPage> | symbol | undefined,
  fallback: TData,
  message: string,
  rethrow: (error: unknown) => boolean = () => false,
): QueryFunction<TData, TKey, TPage> {
  return async (context: QueryFunctionContext<TKey, TPage>) => {
    try {
      return await (queryFn as QueryFunction<TData, TKey, TPage>)(context);
    } catch (error) {
      if (rethrow(error)) throw error;
      console.warn(message, error);
      return fallback;
    }
  };
}
