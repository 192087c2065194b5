/**
 * From a call's result to its data or its `ApiError`. Small on purpose: the react-query helpers
 * use it in every query function, and the web app's first-load bundle carries them.
 */
import { ApiError } from './errors';

/** A call's result as both client modes resolve it (`error` only in the default mode). */
interface CallResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The data of a result that succeeded. */
export type DataOf<Result> = Extract<Result, { data: unknown }>['data'];

/**
 * The ApiError behind each answer the default client resolved with `{ error }`, by its response
 * (filled by failed-answers.ts): `unwrap` throws the very error a client with
 * `throwOnError: true` rejects with. The map itself is shared, not a setter: fewer bytes here.
 */
export const failuresByAnswer = new WeakMap<Response, ApiError>();

/**
 * The data of a call's result, or its `ApiError` thrown: `const tour = unwrap(await
 * client.GET('/spa/tour', init))`. Works with both modes, so a helper that takes either client
 * fails the same way. A result the client did not make (built by hand) fails with kind `http`, the
 * default message and its `error` as `body`.
 */
export function unwrap<Result extends CallResult>(result: Result): DataOf<Result> {
  const { error, response } = result;
  if (error === undefined && response.ok) return result.data as DataOf<Result>;
  throw (
    failuresByAnswer.get(response) ??
    new ApiError({ kind: 'http', status: response.status, body: error })
  );
}
