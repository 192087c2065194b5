/** The payment outcome pages' texts (the titles, which routes' `head` reads, are in ./titles). */
import { OUTCOME_TITLES, type OutcomeTextKind } from './titles';

/** What each outcome page says (docs/product.md, Routes: `/success` and `/payment-failed`). */
export const OUTCOME_TEXTS = {
  success: {
    title: OUTCOME_TITLES.success,
    lead: 'Thank you! Your payment has gone through.',
    next: [
      'The organizer has your booking. A confirmation with the details of your trip is on its way to your e-mail.',
      'Payments are secured by 3-D Secure; no card data is stored on Gallop.',
    ],
  },
  failed: {
    title: OUTCOME_TITLES.failed,
    lead: 'The payment did not go through, and no money has been taken.',
    next: [
      'Your booking request is kept. You can try again, with the same card or another one, from the payment link you received.',
      'If your bank declined the payment, it can tell you why. If it keeps failing, write to us or call us: we will help you finish the booking.',
    ],
  },
  pending: {
    title: OUTCOME_TITLES.pending,
    lead: 'Your bank has not confirmed the payment yet.',
    next: [
      'This usually takes a few seconds: this page updates by itself. Please do not pay again in the meantime.',
      'If it stays pending, your booking shows the payment once it arrives, and we e-mail you either way.',
    ],
  },
  notFound: {
    title: OUTCOME_TITLES.notFound,
    lead: 'The link is incomplete or no longer valid, so we cannot tell how this payment went.',
    next: [
      'Your bookings show every payment that went through. If money was taken and your booking does not show it, write to us: we will sort it out.',
    ],
  },
} as const satisfies Record<
  OutcomeTextKind,
  { title: string; lead: string; next: readonly string[] }
>;

/** 'A$120 was more than was due and is on its way back to your card.' */
export const refundText = (amount: string) =>
  `${amount} was more than was due and is on its way back to your card.`;
