/**
 * The payments module: payments, the sandbox provider and receipts.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { paymentsHandlers } from './handlers.ts';
export { bookingPayments } from './booking-payments.ts';
export { sendRefunds } from './payments.ts';
export { type PaymentProvider } from './provider.ts';
export { receiptHandlers } from './receipt-handlers.ts';
export { sandboxProvider } from './sandbox-ledger.ts';
export { registerSandboxPaymentPages } from './sandbox-page.ts';
export { TEST_CARDS } from './sandbox-provider.ts';
