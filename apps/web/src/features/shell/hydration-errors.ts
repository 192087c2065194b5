import { isApiError } from '@gallop/api-client';
import { isNotFound, isRedirect } from '@tanstack/react-router';
import type { ErrorInfo } from 'react';
import { HttpError } from '../../lib/http-error';
import { PartLoadError } from '../../lib/lazy-component';

/**
 * Errors a loader throws on purpose to choose a page: `notFound()`, redirects, `HttpError`
 * (403 / 410 / 503) and the API's own answers (404, 410, API down). The router's boundary turns
 * them into error pages; they are outcomes, not faults.
 */
export function isExpectedRouteError(error: unknown): boolean {
  if (error instanceof HttpError || isApiError(error) || isNotFound(error) || isRedirect(error)) {
    return true;
  }
  // React wraps some errors it recovers from; judge the original.
  return error instanceof Error && error.cause !== undefined && isExpectedRouteError(error.cause);
}

type Report = (message: string, error: unknown, componentStack?: string) => void;

const consoleReport: Report = (message, error, componentStack) =>
  console.error(message, error, componentStack ?? '');

/**
 * `hydrateRoot` options: React logs every error an error boundary caught while hydrating, so the
 * 403, 404, 410 and 503 pages would log the very error they show. Those are skipped; everything
 * else is still reported.
 */
export function hydrationErrorHandlers(report: Report = consoleReport) {
  const handle = (message: string) => (error: unknown, info: ErrorInfo) => {
    // A lazy part that could not load offline is left out and tried again: a warning, no fault.
    if (error instanceof PartLoadError) console.warn(error.message, error.cause);
    else if (!isExpectedRouteError(error)) report(message, error, info.componentStack ?? undefined);
  };
  return {
    onCaughtError: handle('Error caught by an error boundary:'),
    onRecoverableError: handle('React recovered from an error:'),
  };
}
