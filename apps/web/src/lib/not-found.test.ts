import { ApiError } from '@gallop/api-client';
import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { orNotFound } from './not-found';

describe('orNotFound', () => {
  it('passes a result through', async () => {
    await expect(orNotFound(Promise.resolve(7))).resolves.toBe(7);
  });

  it("turns the API's 404 into the router's not-found", async () => {
    const error = await orNotFound(Promise.reject(apiError(404))).catch(
      (thrown: unknown) => thrown,
    );
    expect(isNotFound(error)).toBe(true);
  });

  it('lets other failures through unchanged', async () => {
    const failure = apiError(503);
    await expect(orNotFound(Promise.reject(failure))).rejects.toBe(failure);
  });
});

function apiError(status: number): ApiError {
  return new ApiError({ kind: 'http', status });
}
