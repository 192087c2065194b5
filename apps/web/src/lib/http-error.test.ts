import { notFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@gallop/api-client';
import {
  HttpError,
  apiErrorSerializationAdapter,
  getErrorStatus,
  httpErrorSerializationAdapter,
} from './http-error';

describe('getErrorStatus', () => {
  it('uses the status an HttpError carries', () => {
    expect(getErrorStatus(new HttpError(410))).toBe(410);
    expect(getErrorStatus(new HttpError(403, 'No access'))).toBe(403);
  });

  it('reads a status from plain error-like objects (e.g. after SSR serialisation)', () => {
    expect(getErrorStatus({ status: 503, message: 'Down' })).toBe(503);
  });

  it('reads API client errors: no answer or a 5xx is 503, a 4xx is itself', () => {
    expect(getErrorStatus(new ApiError({ kind: 'network' }))).toBe(503);
    expect(getErrorStatus(new ApiError({ kind: 'timeout' }))).toBe(503);
    expect(getErrorStatus(new ApiError({ kind: 'http', status: 500 }))).toBe(503);
    expect(getErrorStatus(new ApiError({ kind: 'http', status: 502 }))).toBe(503);
    expect(getErrorStatus(new ApiError({ kind: 'http', status: 404 }))).toBe(404);
    expect(getErrorStatus(new ApiError({ kind: 'http', status: 410 }))).toBe(410);
    expect(getErrorStatus(new ApiError({ kind: 'http', status: 403 }))).toBe(403);
    expect(getErrorStatus(new ApiError({ kind: 'abort' }))).toBe(500);
  });

  it('falls back to 500 for anything without a valid error status', () => {
    expect(getErrorStatus(new Error('boom'))).toBe(500);
    expect(getErrorStatus({ status: 200 })).toBe(500);
    expect(getErrorStatus({ status: '404' })).toBe(500);
    expect(getErrorStatus({ status: 404.5 })).toBe(500);
    expect(getErrorStatus(null)).toBe(500);
    expect(getErrorStatus(notFound())).toBe(500);
  });
});

describe('httpErrorSerializationAdapter', () => {
  it('turns an HttpError into plain data and back, status included', () => {
    const error = new HttpError(410, 'Tour dates have passed');
    expect(httpErrorSerializationAdapter.test(error)).toBe(true);
    expect(httpErrorSerializationAdapter.test(new Error('plain'))).toBe(false);

    const restored = httpErrorSerializationAdapter.fromSerializable(
      httpErrorSerializationAdapter.toSerializable(error),
    );
    expect(restored).toBeInstanceOf(HttpError);
    expect(restored.status).toBe(410);
    expect(restored.message).toBe('Tour dates have passed');
  });

  it('keeps what the error page shows besides its text (a gone tour’s alternatives)', () => {
    const details = { similar_tours: [{ id: 3, name: 'Geyser Gallop' }], organizer: null };
    const restored = httpErrorSerializationAdapter.fromSerializable(
      httpErrorSerializationAdapter.toSerializable(new HttpError(410, 'Gone', details)),
    );
    expect(restored.details).toEqual(details);
  });
});

describe('apiErrorSerializationAdapter', () => {
  it('keeps the kind and status of an API error across SSR', () => {
    const error = new ApiError({ kind: 'network', message: 'Network error' });
    expect(apiErrorSerializationAdapter.test(error)).toBe(true);
    expect(apiErrorSerializationAdapter.test(new HttpError(410))).toBe(false);
    const restored = apiErrorSerializationAdapter.fromSerializable(
      apiErrorSerializationAdapter.toSerializable(error),
    );
    expect(restored).toBeInstanceOf(ApiError);
    expect(restored.kind).toBe('network');
    expect(getErrorStatus(restored)).toBe(503);
  });
});
