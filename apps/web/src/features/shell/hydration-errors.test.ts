import { PartLoadError } from '../../lib/lazy-component';
import { ApiError } from '@gallop/api-client';
import { notFound, redirect } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http-error';
import { hydrationErrorHandlers, isExpectedRouteError } from './hydration-errors';

describe('isExpectedRouteError', () => {
  it('knows the errors loaders throw to choose a page', () => {
    expect(isExpectedRouteError(new HttpError(410))).toBe(true);
    expect(isExpectedRouteError(new HttpError(503))).toBe(true);
    expect(isExpectedRouteError(notFound())).toBe(true);
    expect(isExpectedRouteError(redirect({ href: '/x' }))).toBe(true);
    expect(isExpectedRouteError(new ApiError({ kind: 'network', message: 'down' }))).toBe(true);
    expect(isExpectedRouteError(new Error('wrapped', { cause: new HttpError(403) }))).toBe(true);
  });

  it('leaves real faults to be reported', () => {
    expect(isExpectedRouteError(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isExpectedRouteError('boom')).toBe(false);
  });
});

describe('hydrationErrorHandlers', () => {
  it('reports only unexpected errors, with the component stack', () => {
    const report = vi.fn();
    const { onCaughtError, onRecoverableError } = hydrationErrorHandlers(report);
    onCaughtError(new HttpError(410), { componentStack: '\n at CatchBoundary' });
    onRecoverableError(notFound(), {});
    expect(report).not.toHaveBeenCalled();

    const fault = new TypeError('x is undefined');
    onCaughtError(fault, { componentStack: '\n at TourPage' });
    expect(report).toHaveBeenCalledWith(
      'Error caught by an error boundary:',
      fault,
      '\n at TourPage',
    );
  });

  it('warns, without reporting, of a lazy part that could not load', () => {
    const report = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { onCaughtError } = hydrationErrorHandlers(report);
    const offline = new TypeError('Failed to fetch dynamically imported module');
    onCaughtError(new PartLoadError(offline), { componentStack: '\n at ChatNotifications' });
    expect(report).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not load'), offline);
    warn.mockRestore();
  });
});
