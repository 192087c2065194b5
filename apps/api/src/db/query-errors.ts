/**
 * What a failed query may show in a log. drizzle's `DrizzleQueryError` carries the statement's
 * parameters three times (its `params`, and `params: …` in its message and stack): an e-mail
 * address a sign-in looked up, a secret `server_secrets` was given. The statement and the
 * database's reason stay; the values go.
 */

/** A failed query as drizzle reports it: an error carrying the statement and its values. */
interface QueryError extends Error {
  query: string;
  params: unknown[];
}

function isQueryError(error: Error): error is QueryError {
  const { query, params } = error as Partial<QueryError>;
  return typeof query === 'string' && Array.isArray(params);
}

/** A copy of `error` (same prototype, so the same type in the log) with `changes` applied. */
function copyOf(error: Error, changes: { message?: string; stack?: string; cause?: unknown }) {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  for (const key of Reflect.ownKeys(error)) {
    // Node's `stack` may be an accessor bound to the original: copied as a value below.
    if (key === 'stack') continue;
    Object.defineProperty(copy, key, Object.getOwnPropertyDescriptor(error, key)!);
  }
  const hidden = (value: unknown) => ({ value, writable: true, configurable: true });
  Object.defineProperty(copy, 'stack', hidden(changes.stack ?? error.stack));
  if (changes.message !== undefined)
    Object.defineProperty(copy, 'message', hidden(changes.message));
  if ('cause' in changes) (copy as { cause?: unknown }).cause = changes.cause;
  return copy;
}

/**
 * `error` without the parameters of any failed query in it (itself or its causes); the same
 * object when there are none, so logging other errors costs nothing.
 */
export function withoutQueryParams<T>(error: T, depth = 0): T {
  if (!(error instanceof Error) || depth > 8) return error;
  const cause = (error as { cause?: unknown }).cause;
  const safeCause = withoutQueryParams(cause, depth + 1);
  if (isQueryError(error)) {
    const message = `Failed query: ${error.query}`;
    // The stack opens with "Error: <message>": the same text, parameters included.
    const stack = error.stack?.replace(error.message, () => message);
    const copy = copyOf(error, {
      message,
      ...(stack ? { stack } : {}),
      ...(safeCause === cause ? {} : { cause: safeCause }),
    });
    delete (copy as Partial<QueryError>).params;
    return copy as T;
  }
  return safeCause === cause ? error : (copyOf(error, { cause: safeCause }) as T);
}
