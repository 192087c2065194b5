/**
 * Reconciliation with the payment provider (decision 089, docs/transactions.md). The hosted page
 * charges at the provider and then applies the result in Gallop, in two steps: a process killed
 * between them (or a callback lost) leaves a payment charged at the provider and open in Gallop.
 * Gallop finds it by asking the provider (`PaymentProvider.status`), and applies the answer by
 * the path a callback takes (`settlePayment`): once, under the booking's and the payment's row
 * locks, whoever else applies it at the same time.
 *
 * - `reconcileOpenPayments`: the booking job, in every API process, for open payments older
 *   than a short grace (the payer may still be on the page).
 * - `readThroughProvider`: one payment, when the traveller reads its status.
 * - `voidBeforeRelease`: the booking job, before it releases a booking for want of payment.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { payments } from '#src/db/schema/index.ts';
import type { PaymentRow } from '#src/modules/bookings/index.ts';
import {
  findPayment,
  PAYMENT_STATUS,
  settlePayment,
  settleVoids,
  type ProviderOutcome,
  type Settling,
} from './payments.ts';
import type { ProviderStatus } from './provider.ts';

/** An open payment this old is asked about: a payer still on the page is left alone before. */
export const RECONCILE_GRACE_MS = 2 * 60_000;

/** Payments one process claims per round; the next round (or another process) takes the rest. */
const BATCH = 100;

/** The result to apply for what the provider's books say; none while it may still be paid. */
function outcomeOf({ status, cardLast4 }: ProviderStatus): ProviderOutcome | undefined {
  switch (status) {
    case 'missing':
    case 'open':
      return undefined;
    case 'voided':
      // Voided at the provider: nothing can be charged any more (as the callback reads it).
      return { status: 'canceled', cardLast4: undefined };
    default:
      return { status, cardLast4: cardLast4 ?? undefined };
  }
}

/**
 * Asks the provider about one of Gallop's open payments and applies a result it has settled;
 * answers the payment as Gallop has it afterwards (a settled one is answered as it is).
 */
async function reconcilePayment(settling: Settling, payment: PaymentRow): Promise<PaymentRow> {
  if (payment.status !== PAYMENT_STATUS.new) return payment;
  const outcome = outcomeOf(await settling.provider.status(payment.providerPaymentId));
  if (!outcome) return payment;
  await settlePayment(settling, payment, outcome);
  return (await findPayment(settling.db, payment.id))!;
}

/**
 * A payment as the traveller reads its status: an open one is first asked about at the provider
 * (a charge whose recording a crash lost shows, and counts, at once). A provider that cannot be
 * asked now leaves the answer as Gallop has it; the booking job asks again.
 */
export async function readThroughProvider(
  settling: Settling,
  payment: PaymentRow,
): Promise<PaymentRow> {
  return reconcilePayment(settling, payment).catch((error: unknown) => {
    settling.log?.warn({ err: error, payment: payment.id }, 'payments: the provider was not asked');
    return payment;
  });
}

/**
 * Claims up to `BATCH` open payments older than the grace and not asked about recently: their
 * `updated_at` becomes the time they were asked (an open payment changes no other way, so until
 * the first ask it is the payment's creation). Rows another process is claiming are skipped
 * (`skip locked`), and the claim commits at once, holding no lock while the provider is asked:
 * API processes running the job together share the work instead of asking twice.
 */
function claimOpenPayments(settling: Settling, now: Date, graceMs: number) {
  const { db } = settling;
  const due = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, PAYMENT_STATUS.new),
        lte(payments.createdAt, new Date(now.getTime() - graceMs)),
        lte(payments.updatedAt, new Date(now.getTime() - graceMs)),
        // Found open, it is asked again once it has waited as long as it had been open then
        // (at 2, 4, 8... minutes, then hourly): an abandoned page costs few provider calls.
        sql`${payments.updatedAt} <= ${now.toISOString()}::timestamptz
          - least(${payments.updatedAt} - ${payments.createdAt}, interval '1 hour')`,
      ),
    )
    // The longest unasked first: a busy round leaves the newest for the next.
    .orderBy(asc(payments.updatedAt), asc(payments.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(payments)
    .set({ updatedAt: now })
    .where(and(inArray(payments.id, due), eq(payments.status, PAYMENT_STATUS.new)))
    .returning();
}

/**
 * One round of reconciliation: asks the provider about the open payments it claims and applies
 * each settled result; answers how many of them are no longer open. A payment the provider
 * cannot be asked about is left for a later round; the first failure is thrown after the others.
 */
export async function reconcileOpenPayments(
  settling: Settling,
  { now = new Date(), graceMs = RECONCILE_GRACE_MS }: { now?: Date; graceMs?: number } = {},
): Promise<number> {
  let settled = 0;
  let failure: unknown;
  for (const payment of await claimOpenPayments(settling, now, graceMs)) {
    try {
      const after = await reconcilePayment(settling, payment);
      if (after.status !== PAYMENT_STATUS.new) settled += 1;
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
  return settled;
}

/**
 * Before the booking job releases a booking for want of payment: its open payments are voided
 * at the provider, so none can be charged after the release, and one the payer completed first
 * is applied as its success, so the booking is paid and keeps its seats. Throws when the
 * provider cannot be asked: the booking is not released this round.
 */
export async function voidBeforeRelease(settling: Settling, requestId: number): Promise<void> {
  const open = await settling.db
    .select()
    .from(payments)
    .where(and(eq(payments.requestId, requestId), eq(payments.status, PAYMENT_STATUS.new)));
  await settleVoids(settling.db, settling.provider, open, settling.publicUrl);
}
