/**
 * Reconciliation with the payment provider (decision 089, docs/transactions.md). The hosted page
 * charges at the provider and then applies the result in Gallop, in two steps: a process killed
 * between them (or a callback lost) leaves a payment charged at the provider and open in Gallop.
 * Gallop finds it by asking the provider (`PaymentProvider.status`), and applies the answer by
 * the path a callback takes (`settlePayment`): once, under the booking's and the payment's row
 * locks, whoever else applies it at the same time.
 *
 * A payment Gallop closed itself (another start replaced it, its booking was cancelled or
 * released) is voided at the provider after that commit: a process killed before the void, or a
 * charge that came first and whose recording was lost, leaves money at the provider that nothing
 * in Gallop shows. Until the provider confirms the void (`void_confirmed_at`), such a payment is
 * voided again, and a charge the void finds is applied like a callback's success: credited if
 * its booking still takes it, else refunded and recorded (`settleVoids`).
 *
 * - `reconcilePayments`: the booking job, in every API process, for open payments older than a
 *   short grace (the payer may still be on the page) and closed ones awaiting their void.
 * - `readThroughProvider`: one payment, when the traveller reads its status.
 * - `voidBeforeRelease`: the booking job, before it releases a booking for want of payment.
 */
import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { payments } from '#src/db/schema/index.ts';
import { CLOSED_BY_GALLOP, type PaymentRow } from '#src/modules/bookings/index.ts';
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

/** Closed by Gallop, the provider's void not confirmed: it may have been charged meanwhile. */
const awaitingVoid = and(
  eq(payments.status, PAYMENT_STATUS.canceled),
  eq(payments.failureReason, CLOSED_BY_GALLOP),
  isNull(payments.voidConfirmedAt),
);

const isAwaitingVoid = (payment: PaymentRow) =>
  payment.status === PAYMENT_STATUS.canceled &&
  payment.failureReason === CLOSED_BY_GALLOP &&
  payment.voidConfirmedAt === null;

/**
 * Asks the provider about one of Gallop's open payments and applies a result it has settled, or
 * voids a closed one awaiting its void again (applying a charge the void finds); answers the
 * payment as Gallop has it afterwards (a settled one is answered as it is).
 */
async function reconcilePayment(settling: Settling, payment: PaymentRow): Promise<PaymentRow> {
  if (isAwaitingVoid(payment)) {
    await settleVoids(settling.db, settling.provider, [payment], settling.publicUrl);
    return (await findPayment(settling.db, payment.id))!;
  }
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
  return reconcilePayment(settling, payment).catch(async (error: unknown) => {
    settling.log?.warn({ err: error, payment: payment.id }, 'payments: the provider was not asked');
    // A charge applied before a refund failed shows as applied.
    return (await findPayment(settling.db, payment.id)) ?? payment;
  });
}

/**
 * Claims up to `BATCH` payments that are `due` and still `pending` when claimed: their
 * `updated_at` becomes the time they were asked (an open payment changes no other way, so until
 * the first ask it is the payment's creation; a closed one's is its closing). Rows another
 * process is claiming are skipped (`skip locked`), and the claim commits at once, holding no lock
 * while the provider is asked: API processes running the job together share the work instead of
 * asking twice.
 */
function claimPayments(
  settling: Settling,
  due: SQL | undefined,
  pending: SQL | undefined,
  now: Date,
) {
  const { db } = settling;
  const claimed = db
    .select({ id: payments.id })
    .from(payments)
    .where(due)
    // The longest unasked first: a busy round leaves the newest for the next.
    .orderBy(asc(payments.updatedAt), asc(payments.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(payments)
    .set({ updatedAt: now })
    .where(and(inArray(payments.id, claimed), pending))
    .returning();
}

/** Open payments older than the grace, asked again less and less often while they stay open. */
function claimOpenPayments(settling: Settling, now: Date, graceMs: number) {
  const open = eq(payments.status, PAYMENT_STATUS.new);
  const due = and(
    open,
    lte(payments.createdAt, new Date(now.getTime() - graceMs)),
    lte(payments.updatedAt, new Date(now.getTime() - graceMs)),
    // Found open, it is asked again once it has waited as long as it had been open then
    // (at 2, 4, 8... minutes, then hourly): an abandoned page costs few provider calls.
    sql`${payments.updatedAt} <= ${now.toISOString()}::timestamptz
      - least(${payments.updatedAt} - ${payments.createdAt}, interval '1 hour')`,
  );
  return claimPayments(settling, due, open, now);
}

/**
 * Payments awaiting their void, closed (or last asked) longer ago than the grace: the start or
 * cancel that closed one voids it right after its commit, and is left to do so.
 */
function claimClosedPayments(settling: Settling, now: Date, graceMs: number) {
  const due = and(awaitingVoid, lte(payments.updatedAt, new Date(now.getTime() - graceMs)));
  return claimPayments(settling, due, awaitingVoid, now);
}

interface RoundOptions {
  now?: Date;
  graceMs?: number;
}

/**
 * Reconciles each claimed payment and counts those `counted` afterwards. A payment the provider
 * cannot be asked about is left for a later round; the first failure is thrown after the others.
 */
async function reconcileClaimed(
  settling: Settling,
  claimed: PaymentRow[],
  counted: (after: PaymentRow) => boolean,
): Promise<number> {
  let settled = 0;
  let failure: unknown;
  for (const payment of claimed) {
    try {
      if (counted(await reconcilePayment(settling, payment))) settled += 1;
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
  return settled;
}

/**
 * One round of reconciliation of open payments: asks the provider about the ones it claims and
 * applies each settled result; answers how many of them are no longer open.
 */
export async function reconcileOpenPayments(
  settling: Settling,
  { now = new Date(), graceMs = RECONCILE_GRACE_MS }: RoundOptions = {},
): Promise<number> {
  const claimed = await claimOpenPayments(settling, now, graceMs);
  return reconcileClaimed(settling, claimed, (after) => after.status !== PAYMENT_STATUS.new);
}

/**
 * One round for payments Gallop closed whose void the provider has not confirmed: each claimed
 * one is voided again; answers how many the provider had charged (now credited or refunded).
 */
async function reconcileClosedPayments(
  settling: Settling,
  { now = new Date(), graceMs = RECONCILE_GRACE_MS }: RoundOptions = {},
): Promise<number> {
  const claimed = await claimClosedPayments(settling, now, graceMs);
  return reconcileClaimed(settling, claimed, (after) => after.status === PAYMENT_STATUS.paid);
}

/**
 * The booking job's reconciliation: open payments, then closed ones awaiting their void; answers
 * how many were settled. A failure of one kind does not stop the other; the first is thrown.
 */
export async function reconcilePayments(
  settling: Settling,
  options: RoundOptions = {},
): Promise<number> {
  let settled = 0;
  let failure: unknown;
  for (const round of [reconcileOpenPayments, reconcileClosedPayments]) {
    settled += await round(settling, options).catch((error: unknown) => {
      failure ??= error;
      return 0;
    });
  }
  if (failure !== undefined) throw failure;
  return settled;
}

/**
 * Before the booking job releases a booking for want of payment: its open payments, and those
 * closed awaiting their void, are voided at the provider, so none can be charged after the
 * release, and one the payer completed first is applied as its success, so the booking is paid
 * and keeps its seats. Throws when the provider cannot be asked: the booking is not released
 * this round.
 */
export async function voidBeforeRelease(settling: Settling, requestId: number): Promise<void> {
  const unsettled = await settling.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.requestId, requestId),
        or(eq(payments.status, PAYMENT_STATUS.new), awaitingVoid),
      ),
    );
  await settleVoids(settling.db, settling.provider, unsettled, settling.publicUrl);
}
