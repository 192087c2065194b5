/**
 * The sandbox provider's books (`sandbox_payments`, `sandbox_refunds`): the provider side of the
 * built-in test-mode provider. Each change is one conditional update, so a charge on the hosted
 * page and a void from Gallop racing each other end with exactly one of them, as at a real
 * provider. Amounts are what the provider was sent: ISO 4217 minor units (`provider.ts`).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { sandboxPayments, sandboxRefunds } from '#src/db/schema/index.ts';
import type { PaymentProvider, ProviderPayment, ProviderStatus, VoidOutcome } from './provider.ts';
import type { ProviderAmount } from './provider-amounts.ts';
import { SANDBOX_PROVIDER_ID } from './sandbox-provider.ts';

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;
export type ChargeResult = 'succeeded' | 'declined' | 'canceled';

export async function sandboxPayment(
  db: Database,
  providerPaymentId: string,
): Promise<SandboxPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.providerPaymentId, providerPaymentId));
  return row;
}

/**
 * The payer's attempt on the hosted page: settles an open payment once. False when it was not
 * open any more (voided meanwhile, or settled by another tab).
 */
export async function chargeSandboxPayment(
  db: Database,
  providerPaymentId: string,
  result: ChargeResult,
  cardLast4: string | undefined,
): Promise<boolean> {
  const settled = await db
    .update(sandboxPayments)
    .set({ status: result, cardLast4: cardLast4 ?? null, updatedAt: new Date() })
    .where(
      and(
        eq(sandboxPayments.providerPaymentId, providerPaymentId),
        eq(sandboxPayments.status, 'open'),
      ),
    )
    .returning({ id: sandboxPayments.providerPaymentId });
  return settled.length === 1;
}

/**
 * The card step met a card that asks for 3-D Secure: the provider notes that card on the open
 * payment (its `card_last4`, empty on an open payment otherwise), and the challenge step settles
 * only a payment noted so, with that card. False when the payment is not open any more.
 */
export async function startSandboxChallenge(
  db: Database,
  providerPaymentId: string,
  cardLast4: string,
): Promise<boolean> {
  const noted = await db
    .update(sandboxPayments)
    .set({ cardLast4, updatedAt: new Date() })
    .where(
      and(
        eq(sandboxPayments.providerPaymentId, providerPaymentId),
        eq(sandboxPayments.status, 'open'),
      ),
    )
    .returning({ id: sandboxPayments.providerPaymentId });
  return noted.length === 1;
}

/** The card whose 3-D Secure challenge the payment awaits; undefined when none was started. */
export async function challengedCard(
  db: Database,
  providerPaymentId: string,
): Promise<string | undefined> {
  const books = await sandboxPayment(db, providerPaymentId);
  return books?.status === 'open' ? (books.cardLast4 ?? undefined) : undefined;
}

export function sandboxProvider(db: Database): PaymentProvider {
  return {
    id: SANDBOX_PROVIDER_ID,

    async open(payment: ProviderPayment) {
      await db
        .insert(sandboxPayments)
        .values({
          providerPaymentId: payment.providerPaymentId,
          amount: payment.amount,
          currency: payment.currency,
        })
        .onConflictDoNothing();
    },

    async status(providerPaymentId: string): Promise<ProviderStatus> {
      const row = await sandboxPayment(db, providerPaymentId);
      return row
        ? { status: row.status, cardLast4: row.cardLast4 }
        : { status: 'missing', cardLast4: null };
    },

    async void(providerPaymentId: string): Promise<VoidOutcome> {
      const voided = await db
        .update(sandboxPayments)
        .set({ status: 'voided', updatedAt: new Date() })
        .where(
          and(
            eq(sandboxPayments.providerPaymentId, providerPaymentId),
            eq(sandboxPayments.status, 'open'),
          ),
        )
        .returning({ id: sandboxPayments.providerPaymentId });
      if (voided.length === 1) return { outcome: 'voided' };
      const row = await sandboxPayment(db, providerPaymentId);
      // Never opened here (the process stopped between Gallop's commit and the provider call).
      if (!row) return { outcome: 'voided' };
      return row.status === 'succeeded'
        ? { outcome: 'charged', cardLast4: row.cardLast4 }
        : { outcome: 'closed' };
    },

    async refund(providerPaymentId: string, amount: ProviderAmount, refundKey: string) {
      return db.transaction(async (tx) => {
        const [done] = await tx
          .insert(sandboxRefunds)
          .values({ refundKey, providerPaymentId, amount })
          .onConflictDoNothing()
          .returning({ key: sandboxRefunds.refundKey });
        if (!done) return `sbx_re_${refundKey}`;
        const refunded = await tx
          .update(sandboxPayments)
          .set({
            refunded: sql`${sandboxPayments.refunded} + ${amount}`,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(sandboxPayments.providerPaymentId, providerPaymentId),
              eq(sandboxPayments.status, 'succeeded'),
              sql`${sandboxPayments.refunded} + ${amount} <= ${sandboxPayments.amount}`,
            ),
          )
          .returning({ id: sandboxPayments.providerPaymentId });
        if (refunded.length !== 1) {
          throw new Error(`sandbox: ${providerPaymentId} cannot refund ${amount}`);
        }
        return `sbx_re_${refundKey}`;
      });
    },
  };
}
