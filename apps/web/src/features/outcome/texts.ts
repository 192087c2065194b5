/** The payment outcome pages' texts (routes' `head` reads them without loading the page). */
export type PaymentOutcome = 'success' | 'failed';

/** What each outcome page says (spec section 2.1: `/success` and `/payment-failed`). */
export const OUTCOME_TEXTS = {
  success: {
    title: 'Payment successful',
    lead: 'Thank you! Your payment has gone through.',
    next: [
      'The organizer has your booking. A confirmation with the details of your trip is on its way to your e-mail.',
      'Payments are secured by 3-D Secure; no card data is stored on Gallop.',
    ],
  },
  failed: {
    title: 'Payment failed',
    lead: 'The payment did not go through, and no money has been taken.',
    next: [
      'Your booking request is kept. You can try again, with the same card or another one, from the payment link you received.',
      'If your bank declined the payment, it can tell you why. If it keeps failing, write to us or call us: we will help you finish the booking.',
    ],
  },
} as const satisfies Record<
  PaymentOutcome,
  { title: string; lead: string; next: readonly string[] }
>;
