/**
 * The idempotency key of a card payment start (`PaymentStart.idempotency_key`): one per booking,
 * payment type and amount, kept in the tab's session storage. A double click, a reload or the
 * back button then start the same payment instead of a second one; a new amount (a rider added,
 * part paid) is a new payment.
 */
import type { GallopClient } from '@gallop/api-client';
import { startCardPayment, type PaymentType } from './api';
import { newIdempotencyKey, outcomeUnknown } from '../../lib/idempotency';
import { tabStorage } from '../../lib/tab-storage';

export interface PaymentChoice {
  bookingId: number;
  type: PaymentType;
  amount: number;
}

const storageName = ({ bookingId, type, amount }: PaymentChoice) =>
  `gallop:payment-key:${bookingId}:${type}:${amount}`;

/** The key of this payment: the stored one, or a new one, stored. */
function paymentKey(choice: PaymentChoice): string {
  const name = storageName(choice);
  const known = tabStorage.get(name);
  if (known) return known;
  const key = newIdempotencyKey();
  tabStorage.set(name, key);
  return key;
}

function forgetPaymentKey(choice: PaymentChoice): void {
  tabStorage.remove(storageName(choice));
}

/**
 * Starts (or resumes) the card payment of `choice`; answers the provider's page to go to. The
 * stored key's payment may have been declined or canceled since: that one is over, so a fresh
 * key starts a new payment. A refusal (4xx) forgets the key too, so the next try is a new start.
 */
export async function startPaymentOnce(
  api: GallopClient<true>,
  choice: PaymentChoice,
): Promise<string> {
  const start = (key: string) => startCardPayment(api, choice.bookingId, choice.type, key);
  try {
    const started = await start(paymentKey(choice));
    if (started.payment.status !== 3) return started.redirect_url;
    forgetPaymentKey(choice);
    return (await start(paymentKey(choice))).redirect_url;
  } catch (error) {
    if (!outcomeUnknown(error)) forgetPaymentKey(choice);
    throw error;
  }
}
