/**
 * The outcome pages' titles, apart from their texts: routes' `head` reads them, and a route's
 * head ships in the first load (`.size-limit.js`), the page's texts do not.
 */
export type OutcomeTextKind = 'success' | 'failed' | 'pending' | 'notFound';

/** The title when no payment is found: the only one a route's head holds itself. */
export const PAYMENT_NOT_FOUND_TITLE = 'We could not find this payment';

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
