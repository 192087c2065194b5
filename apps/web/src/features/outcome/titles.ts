/**
 * The outcome pages' titles, apart from their texts: the loader picks one for the route's `head`
 * (./api.ts), which needs no texts.
 */
import { PAYMENT_NOT_FOUND_TITLE } from './not-found-title';

export type OutcomeTextKind = 'success' | 'failed' | 'pending' | 'notFound';

export const OUTCOME_TITLES: Record<OutcomeTextKind, string> = {
  success: 'Payment successful',
  failed: 'Payment failed',
  pending: 'Payment pending',
  notFound: PAYMENT_NOT_FOUND_TITLE,
};

/**
 * Which texts a payment's status (1 new or pending, 2 paid, 3 canceled or declined) calls for;
 * no payment at all is 'notFound'.
 */
export function outcomeTextKind(status: 1 | 2 | 3 | undefined): OutcomeTextKind {
  if (status === undefined) return 'notFound';
  return status === 2 ? 'success' : status === 3 ? 'failed' : 'pending';
}
