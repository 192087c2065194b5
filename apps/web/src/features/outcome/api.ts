/**
 * What the payment outcome pages (`/success`, `/payment-failed`) show: the payment and its
 * booking as the API has them, read by the payment id and the signed token of the provider's
 * redirect (no session needed). The page says what the server says, never what the address says.
 */
import { isApiError, type components, type GallopClient } from '@gallop/api-client';
import { getPaymentOutcomeQueryOptions } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { paymentNotFound } from './not-found';
import type { OutcomeSearch } from './search';
import { OUTCOME_TITLES, outcomeTextKind } from './titles';

export type PaymentOutcome = components['schemas']['PaymentOutcome'];

/** What reads the payment: both the id and its token. */
export interface OutcomeKey {
  paymentId: number;
  token: string;
}

function outcomeKeyOf(search: OutcomeSearch): OutcomeKey | undefined {
  return search.payment_id && search.token
    ? { paymentId: search.payment_id, token: search.token }
    : undefined;
}
export type OutcomeKind = 'success' | 'failed' | 'pending';

/** A pending payment is read again this often, until the provider has settled it ... */
const PENDING_POLL_MS = 3_000;
/** ... for about three minutes; after that the page keeps saying "pending" with what to do. */
const PENDING_POLLS = 60;

export function paymentOutcomeQueryOptions(api: GallopClient<true>, key: OutcomeKey) {
  return {
    ...getPaymentOutcomeQueryOptions(api, {
      query: { payment_id: key.paymentId, token: key.token },
    }),
    retry: false,
    refetchInterval: (query: { state: { data?: PaymentOutcome; dataUpdateCount: number } }) =>
      query.state.data?.payment.status === 1 && query.state.dataUpdateCount < PENDING_POLLS
        ? PENDING_POLL_MS
        : false,
  };
}

/** The page a payment's status calls for: paid, declined or canceled, or not settled yet. */
export function outcomeKind(payment: PaymentOutcome['payment']): OutcomeKind {
  const kind = outcomeTextKind(payment.status);
  return kind === 'notFound' ? 'pending' : kind;
}

/**
 * The outcome, or a 404 that the page shows as "We could not find this payment" when the
 * address names no payment, or one the API does not know or whose token is wrong. An API that is
 * down is the usual 503 page.
 */
async function loadPaymentOutcome(
  queryClient: QueryClient,
  api: GallopClient<true>,
  key: OutcomeKey | undefined,
): Promise<PaymentOutcome> {
  if (!key) throw paymentNotFound();
  try {
    return await queryClient.ensureQueryData(paymentOutcomeQueryOptions(api, key));
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status >= 400 && error.status < 500) {
      throw paymentNotFound();
    }
    throw error;
  }
}

/**
 * The loader of `/success` and `/payment-failed`. An address that contradicts the server moves:
 * `/success` for a declined payment goes to `/payment-failed`, `/payment-failed` for a paid one to
 * `/success`, with the same parameters. A pending payment stays where it is.
 */
export async function loadOutcomePage(
  context: { api: GallopClient<true>; queryClient: QueryClient },
  search: OutcomeSearch,
  page: 'success' | 'failed',
): Promise<{ key: OutcomeKey; status: PaymentOutcome['payment']['status']; title: string }> {
  const key = outcomeKeyOf(search);
  const outcome = await loadPaymentOutcome(context.queryClient, context.api, key);
  const kind = outcomeKind(outcome.payment);
  // The whole address moves along (`request_id` too): the other page reads what it needs.
  if (page === 'success' && kind === 'failed') {
    throw redirect({ to: '/payment-failed', search });
  }
  if (page === 'failed' && kind === 'success') {
    throw redirect({ to: '/success', search });
  }
  // The page's title travels with its data, so the route's head (first load) holds no texts.
  const title = OUTCOME_TITLES[outcomeTextKind(outcome.payment.status)];
  return { key: key!, status: outcome.payment.status, title };
}
