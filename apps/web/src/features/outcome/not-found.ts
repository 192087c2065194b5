/**
 * The outcome pages' 404 (no payment in the address, an unknown one or a wrong token): an
 * `HttpError` the app's error page recognises and shows as "We could not find this payment"
 * (routes/-error/error-pages.tsx). The route's own error component would cost the first load a
 * chunk reference per route (`.size-limit.js`); the error page is loaded lazily anyway.
 */
import { HttpError } from '../../lib/http-error';

const MARKER = 'Payment not found';

export const paymentNotFound = () => new HttpError(404, MARKER);

/** Survives the SSR round trip: the serialization adapter keeps the status and the message. */
export const isPaymentNotFound = (error: unknown): boolean =>
  error instanceof HttpError && error.status === 404 && error.message === MARKER;
