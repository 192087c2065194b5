import type { Middleware } from 'openapi-fetch';
import { withExtraSignal } from './signal';

/**
 * For the given paths a new call cancels the previous pending one (docs/product.md, Calls, phrase
 * completion). The cancelled call fails with an `ApiError` of kind `abort`.
 */
export function latestOnlyMiddleware(paths: readonly string[]): Middleware {
  const pendingByPath = new Map<string, { id: string; controller: AbortController }>();
  const settle = (schemaPath: string, id: string) => {
    if (pendingByPath.get(schemaPath)?.id === id) pendingByPath.delete(schemaPath);
  };
  return {
    onRequest({ request, schemaPath, id }) {
      if (!paths.includes(schemaPath)) return undefined;
      pendingByPath
        .get(schemaPath)
        ?.controller.abort(new DOMException('Superseded by a newer call', 'AbortError'));
      const controller = new AbortController();
      pendingByPath.set(schemaPath, { id, controller });
      return withExtraSignal(request, controller.signal);
    },
    onResponse({ schemaPath, id }) {
      settle(schemaPath, id);
    },
    onError({ schemaPath, id }) {
      settle(schemaPath, id);
    },
  };
}
