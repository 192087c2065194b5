import { isApiError } from '@gallop/api-client';
import { notFound } from '@tanstack/react-router';

/** An API error that means "no such thing": the router's 404 page, not the error page. */
function isApiNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/**
 * Awaits a loader's API work and turns the API's 404 into the router's not-found (the 404 page
 * with its status); every other failure passes through to the error page.
 */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isApiNotFound(error)) throw notFound();
    throw error;
  }
}
