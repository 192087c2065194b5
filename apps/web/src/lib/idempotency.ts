/**
 * Idempotency keys for the calls that create something (a booking, riders, a payment) and the
 * organizer's decisions (a date run or cancelled, a booking cancelled; decision 167): the API
 * keeps the key with its answer, so a retry of the same submission is answered again instead of
 * done twice (contract: `Idempotency-Key`, `PaymentStart.idempotency_key`).
 */
import { isApiError } from '@gallop/api-client';
import { useState } from 'react';

/** A random UUID; `crypto.randomUUID` exists only in secure contexts, hence the fallback. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether a failed call may have taken effect all the same: no answer (network, timeout, abort)
 * or a server error. Then the same submission is retried with the same key; a refusal (4xx) is
 * final, and the next try is a new submission (with a new key, so it is not answered the old
 * refusal again).
 */
export function outcomeUnknown(error: unknown): boolean {
  return !(isApiError(error) && error.status >= 400 && error.status < 500);
}

export interface Submissions {
  /**
   * Runs `call` with the key of this request: the key of the previous attempt when it is the same
   * request and that attempt's outcome is unknown, else a fresh one.
   */
  send<T>(request: unknown, call: (key: string) => Promise<T>): Promise<T>;
}

/** One form's submissions (see {@link Submissions}); `newKey` is for tests. */
export function createSubmissions(newKey: () => string = newIdempotencyKey): Submissions {
  let pending: { request: string; key: string } | undefined;
  return {
    async send(request, call) {
      const fingerprint = JSON.stringify(request);
      if (pending?.request !== fingerprint) pending = { request: fingerprint, key: newKey() };
      const { key } = pending;
      try {
        const result = await call(key);
        pending = undefined;
        return result;
      } catch (error) {
        if (!outcomeUnknown(error)) pending = undefined;
        throw error;
      }
    },
  };
}

/** A form's submissions for the life of the component. */
export function useSubmissions(): Submissions {
  const [submissions] = useState(() => createSubmissions());
  return submissions;
}
