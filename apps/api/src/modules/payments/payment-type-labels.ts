import type { PaymentRow } from '#src/modules/bookings/index.ts';

/**
 * A payment's type (docs/product.md, Entities: prepayment, payment, full) as the traveller reads
 * it, on the receipt and on the sandbox card page alike: never the code itself.
 */
export const PAYMENT_TYPE_LABELS: Readonly<Record<PaymentRow['paymentType'], string>> = {
  prepayment: 'Prepayment',
  payment: 'Balance payment',
  full: 'Full payment',
};
