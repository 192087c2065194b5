/**
 * Reading failed answers into `ApiError`s (docs/product.md, Errors). Apart from `./errors` because
 * only the client and its middleware need it: a page that merely checks or rebuilds an `ApiError`
 * (the web's first-load bundle) then carries the class alone.
 */
import { ApiError, type ApiErrorKind, type ValidationErrors } from './errors';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmptyString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** The error text of an answer: its `message`, else its `error` (docs/product.md, Errors). */
export function readErrorMessage(body: unknown): string | undefined {
  // Plain-text or HTML answers (a proxy's error page) are not shown to users.
  if (!isRecord(body)) return undefined;
  return nonEmptyString(body.message) ?? nonEmptyString(body.error);
}

/**
 * Validation details of an answer. Accepts `{ errors: { field: [..] | '..' } }` and the
 * list form `[{ field, message }]` (bare or under `errors`).
 */
export function readValidationErrors(body: unknown): ValidationErrors {
  const source = isRecord(body) ? body.errors : body;
  const result: ValidationErrors = {};
  const add = (field: unknown, message: unknown) => {
    const name = nonEmptyString(field);
    const text = nonEmptyString(message);
    if (!name || !text) return;
    (result[name] ??= []).push(text);
  };
  if (Array.isArray(source)) {
    for (const item of source) if (isRecord(item)) add(item.field, item.message);
  } else if (isRecord(source)) {
    for (const [field, messages] of Object.entries(source)) {
      for (const message of Array.isArray(messages) ? messages : [messages]) add(field, message);
    }
  }
  return result;
}

/**
 * The contract's `Redirect` answer, `{ type: 'redirect', url }` (docs/product.md, Errors: a login
 * that continues elsewhere, a tour whose slug moved).
 */
export function readRedirectUrl(body: unknown): string | undefined {
  return isRecord(body) && body.type === 'redirect' ? nonEmptyString(body.url) : undefined;
}

/** The captcha kind a 429 answer asks for, if any. */
export function readCaptchaKind(body: unknown): 'captcha' | 'hard_captcha' | undefined {
  if (!isRecord(body)) return undefined;
  return body.type === 'captcha' || body.type === 'hard_captcha' ? body.type : undefined;
}

/** Reads an answer's body without consuming it: JSON when it parses, else text, else undefined. */
export async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.clone().text();
  } catch {
    return undefined;
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

// The answer each ApiError made from one came with, for the default client to resolve with
// (failed-answers.ts). A map here rather than a field of ApiError: the class is in the web's
// first-load bundle, this module is not.
const answers = new WeakMap<ApiError, Response>();

/** `error`, remembered as made from `response` (`answerOf`). */
export function withAnswer(error: ApiError, response: Response): ApiError {
  answers.set(error, response);
  return error;
}

/** The answer an `ApiError` was made from; undefined when none arrived. */
export const answerOf = (error: ApiError): Response | undefined => answers.get(error);

/** Maps a non-2xx answer to an `ApiError` of kind captcha, hard_captcha, redirect or http. */
export function errorFromAnswer(request: Request, response: Response, body: unknown): ApiError {
  const captcha = response.status === 429 ? readCaptchaKind(body) : undefined;
  const url = readRedirectUrl(body);
  const error = new ApiError({
    kind: captcha ?? (url ? 'redirect' : 'http'),
    status: response.status,
    message: readErrorMessage(body),
    errors: readValidationErrors(body),
    url,
    body,
    method: request.method,
    requestUrl: request.url,
  });
  return withAnswer(error, response);
}

const errorName = (error: unknown): string | undefined =>
  isRecord(error) || error instanceof Error
    ? String((error as { name?: unknown }).name)
    : undefined;

/** Maps a rejected fetch to an `ApiError` of kind timeout, abort or network. */
export function errorFromFailure(request: Request, error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const name = errorName(error);
  const kind: ApiErrorKind =
    name === 'TimeoutError' ? 'timeout' : name === 'AbortError' ? 'abort' : 'network';
  const message =
    kind === 'timeout'
      ? 'The request timed out'
      : kind === 'abort'
        ? 'The request was cancelled'
        : 'Network error';
  return new ApiError({
    kind,
    message,
    method: request.method,
    requestUrl: request.url,
    cause: error,
  });
}
