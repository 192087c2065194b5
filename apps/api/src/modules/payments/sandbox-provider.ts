/**
 * The built-in sandbox payment provider (decisions: "Payments"), in the manner of a provider's
 * test mode: a hosted card page, test cards for success, decline and a 3-D Secure challenge, and
 * HMAC-signed callbacks. It never sees or keeps more than a card's last four digits.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The card processor of the contract's provider ids (spec: "a card payment provider"). */
export const SANDBOX_PROVIDER_ID = 4 as const;

/** Test cards, as a payment provider's test mode documents them. */
export const TEST_CARDS = {
  success: '4242424242424242',
  decline: '4000000000000002',
  challenge: '4000000000003220',
} as const;

export type CardOutcome = 'success' | 'decline' | 'challenge' | 'invalid';

/** The Luhn checksum every card number carries. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What the sandbox does with a card: the challenge card asks for 3-D Secure, the decline card
 * and any other valid number... the other valid numbers succeed, like a test mode's generic cards.
 */
export function cardOutcome(cardNumber: string): CardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) return 'invalid';
  if (digits === TEST_CARDS.decline) return 'decline';
  if (digits === TEST_CARDS.challenge) return 'challenge';
  return 'success';
}

export interface CallbackFields {
  payment_id: number;
  provider_payment_id: string;
  status: 'succeeded' | 'declined' | 'canceled';
  card_last4?: string | undefined;
}

const callbackText = (fields: CallbackFields) =>
  [fields.payment_id, fields.provider_payment_id, fields.status, fields.card_last4 ?? ''].join(':');

const hmac = (text: string, secret: string) =>
  createHmac('sha256', secret).update(text).digest('hex');

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function signCallback(fields: CallbackFields, secret: string): string {
  return hmac(callbackText(fields), secret);
}

export function verifyCallback(fields: CallbackFields, signature: string, secret: string): boolean {
  return safeEqual(signCallback(fields, secret), signature);
}

/** The key in the hosted page's address: only whoever started the payment has it. */
export function pageToken(paymentId: number, providerPaymentId: string, secret: string): string {
  return hmac(`page:${paymentId}:${providerPaymentId}`, secret).slice(0, 32);
}

export function verifyPageToken(
  paymentId: number,
  providerPaymentId: string,
  token: string,
  secret: string,
): boolean {
  return safeEqual(pageToken(paymentId, providerPaymentId, secret), token);
}

/** The key in the outcome pages' address (`/success?payment_id=&token=`): no session needed. */
export function outcomeToken(paymentId: number, secret: string): string {
  return hmac(`outcome:${paymentId}`, secret).slice(0, 32);
}

export function verifyOutcomeToken(paymentId: number, token: string, secret: string): boolean {
  return safeEqual(outcomeToken(paymentId, secret), token);
}

/**
 * Why a card's expiry refuses the payment, as a provider's test mode checks it: a malformed
 * `MM/YY`, or a month that has ended. Undefined when the card is still valid.
 */
export function expiryProblem(expiry: string, now: Date): 'invalid' | 'expired' | undefined {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return 'invalid';
  const month = Number(match[1]);
  if (month < 1 || month > 12) return 'invalid';
  const year = 2000 + Number(match[2]);
  // A card is valid through the last day of its expiry month.
  const endsAt = Date.UTC(year, month, 1);
  return now.getTime() >= endsAt ? 'expired' : undefined;
}
