/**
 * The default mode of the client: openapi-fetch's contract, where a failed answer resolves to
 * `{ error, response }`. The middleware maps every failure to an `ApiError` (one set of rules for
 * both modes); this turns the ones made from an answer (`answerOf`) back into results.
 */
import { answerOf } from './error-answers';
import { ApiError } from './errors';
import { failuresByAnswer } from './unwrap';

const CALLS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE', 'request'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The `error` of a failed answer: its JSON body with `message` always set to what the `ApiError`
 * says (from `message`, else `error`, else 'Please try again later') and `errors` normalized to
 * lists by field, so the contract's `Error` type holds even for a proxy's HTML page. A refused 2xx
 * redirect (a login's, the tour's 'Illegal redirect') is `{ message, type: 'redirect', url }`.
 */
function errorBodyOf(error: ApiError): unknown {
  if (error.kind === 'redirect') {
    return { message: error.message, type: 'redirect', url: error.url };
  }
  const body = isRecord(error.body) ? error.body : {};
  return error.isValidation
    ? { ...body, message: error.message, errors: error.errors }
    : { ...body, message: error.message };
}

function resultOfFailure(error: unknown): { error: unknown; response: Response } {
  const response = error instanceof ApiError ? answerOf(error) : undefined;
  // No answer (network, timeout, abort): nothing to resolve with, as in openapi-fetch.
  if (!response) throw error;
  failuresByAnswer.set(response, error as ApiError);
  return { error: errorBodyOf(error as ApiError), response };
}

/** The same client, whose calls resolve with `{ error, response }` when an answer failed. */
export function resolvingFailedAnswers<Client extends object>(client: Client): Client {
  const calls = client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const resolving: Record<string, unknown> = { ...calls };
  for (const name of CALLS) {
    const call = calls[name]!;
    resolving[name] = (...args: unknown[]) => call(...args).catch(resultOfFailure);
  }
  return resolving as Client;
}
