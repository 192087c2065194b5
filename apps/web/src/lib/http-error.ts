import { ApiError, isApiError } from '@gallop/api-client';
import { createSerializationAdapter } from '@tanstack/react-router';

/**
 * An error that carries the HTTP status the page should answer with. Throw it from a loader
 * (for example `throw new HttpError(410)` for a tour whose dates have passed): the error page
 * picks its text from the status and the SSR server sends the same status.
 *
 * Errors of the API client need no wrapping: `getErrorStatus` reads an `ApiError` directly
 * (404 -> 404, 410 -> 410, network failure or 5xx -> 503).
 */
export class HttpError extends Error {
  readonly status: number;
  /** What the error page may show besides its text (a gone tour's alternatives); plain JSON. */
  readonly details: unknown;

  constructor(status: number, message = `HTTP ${status}`, details?: unknown) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.details = details;
  }
}

/** The API is unreachable or failing: the page says so (503) instead of 'Internal Error'. */
const API_DOWN_STATUS = 503;

function isErrorStatus(status: unknown): status is number {
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599;
}

/**
 * The HTTP status an error stands for. An `ApiError` without an answer (network, timeout) or
 * with a 5xx answer is 503; otherwise its own 4xx/5xx `status` when it has one, else 500.
 */
export function getErrorStatus(error: unknown): number {
  if (isApiError(error)) {
    if (error.kind === 'network' || error.kind === 'timeout') return API_DOWN_STATUS;
    if (error.status >= 500) return API_DOWN_STATUS;
    return isErrorStatus(error.status) ? error.status : 500;
  }
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (isErrorStatus(status)) return status;
  }
  return 500;
}

/**
 * Keeps an HttpError an HttpError across SSR: without it the dehydrated error reaches the
 * browser as a plain Error, the status is lost and hydration would show 'Internal Error'.
 */
export const httpErrorSerializationAdapter = createSerializationAdapter({
  key: 'gallop-http-error',
  test: (value): value is HttpError => value instanceof HttpError,
  toSerializable: (error) => ({
    status: error.status,
    message: error.message,
    // JSON from the API: it crosses as text and is read back as it came.
    details: error.details === undefined ? undefined : JSON.stringify(error.details),
  }),
  fromSerializable: ({ status, message, details }) =>
    new HttpError(status, message, details === undefined ? undefined : JSON.parse(details)),
});

/** The same for the API client's errors thrown by loaders (kind and status survive). */
export const apiErrorSerializationAdapter = createSerializationAdapter({
  key: 'gallop-api-error',
  test: (value): value is ApiError => isApiError(value),
  toSerializable: (error) => ({ kind: error.kind, status: error.status, message: error.message }),
  fromSerializable: (data) => new ApiError(data),
});
