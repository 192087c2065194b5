import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { minorUnits } from './money.ts';

/**
 * The built-in sandbox provider's own books (decisions: "Payments"), kept apart from Gallop's
 * `payments` as a real provider's would be: what it was asked to charge, whether it charged,
 * voided or refunded. The hosted card page charges only an `open` payment, and a void only
 * succeeds on an `open` one, each with one conditional update, so a charge and a void racing
 * each other end with exactly one of them.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  providerPaymentId: text().primaryKey(),
  amount: minorUnits().notNull(),
  currency: text().notNull(),
  /** open, succeeded, declined, canceled (by the payer), voided (by the merchant). */
  status: text({ enum: ['open', 'succeeded', 'declined', 'canceled', 'voided'] })
    .notNull()
    .default('open'),
  cardLast4: text(),
  refunded: minorUnits().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Refunds the sandbox made, once per merchant refund key. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  refundKey: text().primaryKey(),
  providerPaymentId: text()
    .notNull()
    .references(() => sandboxPayments.providerPaymentId),
  amount: minorUnits().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
