import { ApiError } from '@gallop/api-client';
import { describe, expect, it } from 'vitest';
import { createSubmissions, newIdempotencyKey, outcomeUnknown } from './idempotency';

const counter = () => {
  let next = 0;
  return () => `key-${++next}`;
};
const networkError = () => new ApiError({ kind: 'network', message: 'Network error' });
const serverError = () => new ApiError({ kind: 'http', status: 503 });
const refusal = () => new ApiError({ kind: 'http', status: 422, message: 'No seats' });

/** Runs one attempt and answers the key it was sent with. */
async function keyOf(
  submissions: ReturnType<typeof createSubmissions>,
  request: unknown,
  failWith?: unknown,
): Promise<string> {
  let used = '';
  await submissions
    .send(request, async (key) => {
      used = key;
      if (failWith) throw failWith;
    })
    .catch(() => undefined);
  return used;
}

describe('createSubmissions', () => {
  it('retries the same request with the same key after a network failure or a 5xx', async () => {
    const submissions = createSubmissions(counter());
    expect(await keyOf(submissions, { a: 1 }, networkError())).toBe('key-1');
    expect(await keyOf(submissions, { a: 1 }, serverError())).toBe('key-1');
    expect(await keyOf(submissions, { a: 1 })).toBe('key-1');
  });

  it('takes a new key once the request changes, after success and after a refusal', async () => {
    const submissions = createSubmissions(counter());
    expect(await keyOf(submissions, { a: 1 }, networkError())).toBe('key-1');
    expect(await keyOf(submissions, { a: 2 }, networkError())).toBe('key-2');
    expect(await keyOf(submissions, { a: 2 })).toBe('key-2');
    // Succeeded: sending the same values again is a new submission.
    expect(await keyOf(submissions, { a: 2 }, refusal())).toBe('key-3');
    // Refused (4xx): the answer is final, the next try is new.
    expect(await keyOf(submissions, { a: 2 })).toBe('key-4');
  });

  it('passes the answer and the failure through', async () => {
    const submissions = createSubmissions(counter());
    await expect(submissions.send({}, async (key) => `done with ${key}`)).resolves.toBe(
      'done with key-1',
    );
    const error = refusal();
    await expect(submissions.send({}, () => Promise.reject(error))).rejects.toBe(error);
  });
});

describe('outcomeUnknown', () => {
  it('is true when the call may have taken effect, false for a refusal', () => {
    expect(outcomeUnknown(networkError())).toBe(true);
    expect(outcomeUnknown(new ApiError({ kind: 'timeout' }))).toBe(true);
    expect(outcomeUnknown(serverError())).toBe(true);
    expect(outcomeUnknown(new TypeError('fetch failed'))).toBe(true);
    expect(outcomeUnknown(refusal())).toBe(false);
    expect(outcomeUnknown(new ApiError({ kind: 'http', status: 409 }))).toBe(false);
  });
});

describe('newIdempotencyKey', () => {
  it('makes distinct keys the API accepts (8..255 printable ASCII)', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[\x21-\x7e]{8,255}$/);
  });

  it('falls back to random bytes where crypto.randomUUID is missing (plain http)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
