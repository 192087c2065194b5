import { createSerializationAdapter } from '@tanstack/react-router';

/**
 * An error that carries the HTTP status the page should answer with. Throw it from a loader
 * (for example `throw new HttpError(410)` for a tour whose dates have passed): the error page
 * picks its text from the status and the SSR server sends the same status.
 */
export class HttpError extends Error {
  readonly status: number;

  constructor(status: number, message = `HTTP ${status}`) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

/** The HTTP status an error stands for: its own 4xx/5xx `status` when it has one, else 500. */
export function getErrorStatus(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599) {
      return status;
    }
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
  toSerializable: (error) => ({ status: error.status, message: error.message }),
  fromSerializable: ({ status, message }) => new HttpError(status, message),
});
