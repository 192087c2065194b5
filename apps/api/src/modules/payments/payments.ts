/**
 * Payments of booking requests (decisions: "Payments", "Money"; decision 089): opening one,
 * applying the provider's result exactly once, and giving back what was not due.
 *
 * - A booking has at most one open payment (a unique index holds it): starting another kind of
 *   payment voids the open one, in the transaction that locks the booking, and the provider is
 *   told after the commit.
 * - A success credits at most what its type still covers (`creditOf`): the rest is refunded at
 *   once through the provider, recorded on the booking and told to the traveller. `paid` never
 *   exceeds the price (a check constraint holds it too).
 */
import { randomUUID } from 'node:crypto';
import {
  amountDue,
  balanceDueBy,
  creditOf,
  decide,
  STATUS,
  type BookingStatus,
  type PaymentType,
} from '@gallop/booking-rules';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  outbox,
  payments,
  refunds,
  tourDates,
  tours,
} from '#src/db/schema/index.ts';
import { unprocessable } from '#src/http/http-error.ts';
import {
  bookingGreeting,
  bookingUrl,
  CLOSED_BY_GALLOP,
  closeOpenPayments,
  closeStaleOpenPayments,
  displayDay,
  conflict,
  CONTRACT_STATUS,
  holdEndsAt,
  lockBooking,
  money,
  openMeeting,
  remindersAhead,
  tellEveryone,
  type Notice,
  type PaymentRow,
  type RequestRow,
  type Transaction,
} from '#src/modules/bookings/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { providerPayment, type PaymentProvider } from './provider.ts';
import { toProviderAmount } from './provider-amounts.ts';
import type { CallbackFields } from './sandbox-provider.ts';

export const PAYMENT_STATUS = { new: 1, paid: 2, canceled: 3 } as const;

/**
 * How long a fast payment (sbp) can be paid from its QR code: its code answers 410 after it, its
 * provider page no longer takes it, and a start opens a new payment in its place.
 */
export const QR_LIFETIME_MS = 15 * 60_000;

/** When the QR code of a fast payment (sbp) expires. */
export function qrExpiresAt(payment: Pick<PaymentRow, 'createdAt'>): Date {
  return new Date(payment.createdAt.getTime() + QR_LIFETIME_MS);
}

/** True for a fast payment (sbp) whose QR code has expired at `now`; a card payment never does. */
export function qrExpired(
  payment: Pick<PaymentRow, 'createdAt' | 'paymentMethod'>,
  now: Date,
): boolean {
  return payment.paymentMethod === 'sbp' && qrExpiresAt(payment).getTime() <= now.getTime();
}

export async function findPayment(db: Database, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

export interface PaymentStart {
  booking: RequestRow;
  type: PaymentType;
  method: 'card' | 'sbp';
  key: string | null;
  now: Date;
  /** Hours a confirmed, unpaid booking holds its seats (`BOOKING_HOLD_HOURS`). */
  holdHours: number;
}

export interface StartedPayment {
  payment: PaymentRow;
  /** Open payments this start replaced: void them at the provider (`settleVoids`). */
  replaced: PaymentRow[];
}

/**
 * Finds or opens the payment a start asks for, under the booking's row lock: the same key, or
 * an open payment of the same type, method and amount, answers that payment; any other open
 * payment is voided and a new one opened for what is due now. A fast payment (sbp) past its QR
 * code's lifetime is not answered again: it is voided and a new one opened, so a new code can be
 * shown (starts at once after the expiry wait for the lock, and the later ones find the new one).
 */
export async function startPaymentOf(db: Database, start: PaymentStart): Promise<StartedPayment> {
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, start.booking.id);
    if (!booking) throw conflict('This booking cannot be paid now');
    if (start.key !== null) {
      const [same] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.requestId, booking.id), eq(payments.idempotencyKey, start.key)));
      if (same) {
        if (same.paymentType !== start.type || same.paymentMethod !== start.method) {
          throw unprocessable('This key was used for another payment', {
            idempotency_key: ['This key was used for another payment'],
          });
        }
        return { payment: same, replaced: [] };
      }
    }
    await refuseUnpayable(tx, booking, start);
    const amount = amountDue(booking, start.type);
    // A payment of nothing is never opened: paid, it would credit nothing and move no status.
    if (amount === undefined || amount <= 0) {
      throw unprocessable('This payment is not due', {
        payment_type: ['This payment is not due'],
      });
    }
    const [open] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.requestId, booking.id), eq(payments.status, PAYMENT_STATUS.new)));
    if (
      open &&
      open.paymentType === start.type &&
      open.paymentMethod === start.method &&
      open.amount === amount &&
      !qrExpired(open, start.now)
    ) {
      return { payment: open, replaced: [] };
    }
    const replaced = open ? await closeOpenPayments(tx, booking.id, start.now) : [];
    const [created] = await tx
      .insert(payments)
      .values({
        requestId: booking.id,
        amount,
        currency: booking.currency,
        paymentType: start.type,
        paymentMethod: start.method,
        providerId: 4,
        providerPaymentId: `sbx_${randomUUID()}`,
        idempotencyKey: start.key,
      })
      .returning();
    return { payment: created!, replaced };
  });
}

/**
 * Closes a fast payment (sbp) whose QR code expired before it was paid, as a start closes an
 * open payment (under its booking's row lock, only while it is still open), then voids it at
 * the provider: a payer who completed it first is credited (`settleVoids`). Answers the payment
 * as Gallop has it after.
 */
export async function closeExpiredQr(
  db: Database,
  provider: PaymentProvider,
  payment: PaymentRow,
  publicUrl: string,
): Promise<PaymentRow> {
  const closed = await db.transaction(async (tx) => {
    await lockBooking(tx, payment.requestId);
    const now = new Date();
    return tx
      .update(payments)
      .set({ status: PAYMENT_STATUS.canceled, failureReason: CLOSED_BY_GALLOP, updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, PAYMENT_STATUS.new)))
      .returning();
  });
  await settleVoids(db, provider, closed, publicUrl);
  return (await findPayment(db, payment.id))!;
}

/** Why a start after the hold is refused: the seats go back, whatever the traveller clicks. */
const HOLD_ENDED =
  'The seats of this booking were held for a limited time, and that time has ended, so it can no longer be paid. Please book again.';

/**
 * 409 unless the locked booking takes payments now: confirmed or prepaid, within its hold while
 * nothing is paid, before its start. A payment opened before the hold ended keeps its page (a key
 * replay answers it above); a new one after the end would keep the seats (`expiry.ts`).
 */
async function refuseUnpayable(
  tx: Transaction,
  booking: RequestRow,
  { now, holdHours }: Pick<PaymentStart, 'now' | 'holdHours'>,
) {
  const payable =
    booking.userId !== null &&
    (booking.status === STATUS.pendingPrepayment || booking.status === STATUS.madePrepayment);
  if (!payable) throw conflict('This booking cannot be paid now');
  const holdEnd = holdEndsAt(booking, holdHours);
  if (holdEnd !== null && holdEnd.getTime() <= now.getTime()) throw conflict(HOLD_ENDED);
  if (booking.tourDateId === null) return;
  const [row] = (
    await tx.execute<{ start: string }>(
      sql`select start_date::text as start from tour_dates where id = ${booking.tourDateId}`,
    )
  ).rows;
  if (row && row.start <= todayIso(now)) throw conflict('This booking cannot be paid now');
}

interface SettleResult {
  /** False when the payment was already settled (a repeated callback). */
  applied: boolean;
  /** Refunds recorded by this result: send them (`sendRefunds`). */
  refundIds: number[];
  /** The booking's other open payments this credit left at a stale amount: void them. */
  voided: PaymentRow[];
}

/**
 * Applies the provider's result to a payment, once (its booking's row and then its own are
 * locked; a settled one is left as it is). A success is credited to its booking as far as it was due, and the rest
 * recorded as a refund; a success for a payment Gallop had voided (the payer was faster than the
 * void) is applied the same way.
 */
async function applyProviderResult(
  db: Database,
  result: CallbackFields,
  publicUrl: string,
): Promise<SettleResult> {
  return db.transaction(async (tx) => {
    const none = { applied: false, refundIds: [], voided: [] };
    const thisPayment = and(
      eq(payments.id, result.payment_id),
      eq(payments.providerPaymentId, result.provider_payment_id),
    );
    const [seen] = await tx
      .select({ requestId: payments.requestId })
      .from(payments)
      .where(thisPayment);
    if (!seen) return none;
    // The booking before its payment: the order a cancel or a new start takes them (they lock
    // the booking, then void its open payments); the other order deadlocks against them.
    const booking = (await lockBooking(tx, seen.requestId))!;
    const [payment] = await tx.select().from(payments).where(thisPayment).for('update');
    if (!payment || payment.status === PAYMENT_STATUS.paid) return none;
    const now = new Date();
    if (result.status !== 'succeeded') {
      if (payment.status !== PAYMENT_STATUS.new) return none;
      await tx
        .update(payments)
        .set({ status: PAYMENT_STATUS.canceled, failureReason: result.status, updatedAt: now })
        .where(eq(payments.id, payment.id));
      return { applied: true, refundIds: [], voided: [] };
    }
    const open =
      booking.status === STATUS.pendingPrepayment || booking.status === STATUS.madePrepayment;
    const decision = decide(booking.status as BookingStatus, 'payment-arrives');
    const covered = creditOf(booking, payment.paymentType, payment.amount, open);
    // A first payment short of the prepayment (its page was opened before a rider change raised
    // what is due) does not make the booking prepaid: it is refunded whole, and the booking keeps
    // its hold, nothing paid, until the traveller pays the amount due now.
    const short =
      decision.kind === 'move' &&
      covered.credit > 0 &&
      booking.paid + covered.credit < prepaidAt(booking);
    const { credit, excess } = short ? { credit: 0, excess: payment.amount } : covered;
    await tx
      .update(payments)
      .set({
        status: PAYMENT_STATUS.paid,
        cardLast4: result.card_last4 ?? null,
        paidAt: now,
        refunded: excess,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    const [updated] = await tx
      .update(bookingRequests)
      .set({
        paid: sql`${bookingRequests.paid} + ${credit}`,
        refunded: sql`${bookingRequests.refunded} + ${excess}`,
        ...(credit > 0 && decision.kind === 'move'
          ? { status: decision.to, contractStatus: CONTRACT_STATUS.prepaid, holdUntil: null }
          : {}),
        ...(!open && booking.paid === 0
          ? { contractStatus: CONTRACT_STATUS.terminatedAfterPayment }
          : {}),
        updatedAt: now,
      })
      .where(eq(bookingRequests.id, booking.id))
      .returning();
    const request = updated!;
    // Another page left open (a full payment's charge beat its replacement by a prepayment page)
    // would now charge what is no longer due, refunded at once but charged all the same: it
    // closes here, and is voided at the provider after the commit.
    const voided = credit > 0 ? await closeStaleOpenPayments(tx, request, now) : [];
    // The first payment concludes the contract: the organizer gets the meeting page link.
    const meetingKey =
      credit > 0 && booking.paid === 0 ? await openMeeting(tx, request, publicUrl) : undefined;
    if (credit > 0) {
      const notice: Notice = {
        kind: 'status',
        event: 'payment-arrives',
        booking: request,
        refunded: 0,
      };
      // A meeting opened now e-mailed the organizer the payment with its link.
      await tellEveryone(tx, notice, { publicUrl, organizerTold: meetingKey !== undefined });
    }
    const refundIds: number[] = [];
    if (excess > 0) {
      const [refund] = await tx
        .insert(refunds)
        .values({
          requestId: request.id,
          paymentId: payment.id,
          amount: excess,
          currency: payment.currency,
          reason: short ? 'amount-changed' : open ? 'overpaid' : 'booking-closed',
        })
        .returning({ id: refunds.id });
      refundIds.push(refund!.id);
    }
    const { tour, date } = await tourAndDateOf(tx, request);
    const today = todayIso(now);
    const dueBy = date ? balanceDueBy(date.startDate, date.fullPaymentDays, today) : null;
    await tx.insert(outbox).values(
      paymentMessage({
        request,
        payment,
        credit,
        excess,
        short,
        tour: tour?.name,
        dueBy,
        today,
        publicUrl,
      }),
    );
    return { applied: true, refundIds, voided };
  });
}

/** What a booking must have paid to be prepaid (status 3): its prepayment, or its price. */
function prepaidAt(booking: RequestRow): number {
  return Math.min(booking.prepayment ?? booking.price, booking.price);
}

/** The tour of a booking request (its name) and its date (none for a tour on request). */
export async function tourAndDateOf(db: Database | Transaction, request: RequestRow) {
  const [tour] = await db
    .select({ name: tours.name })
    .from(tours)
    .where(eq(tours.id, request.tourId));
  const [date] =
    request.tourDateId === null
      ? []
      : await db.select().from(tourDates).where(eq(tourDates.id, request.tourDateId));
  return { tour, date };
}

const REFUND_TIME = 'Refunds reach most cards within 5–10 days.';

/** Why (part of) a payment of `amount` goes back, as the refund e-mail says it. */
function refundReason(
  request: RequestRow,
  amount: string,
  credit: number,
  excess: number,
  short: boolean,
): string {
  const booking = `booking #${request.id}`;
  const all = 'so we are refunding all of it to your card now.';
  if (credit > 0) {
    const more = money(excess, request.currency);
    return `Your payment of ${amount} was ${more} more than was due: we are refunding ${more} to your card now.`;
  }
  if (short) {
    const due = money(prepaidAt(request), request.currency);
    return `Your payment of ${amount} was for the amount due before the riders of ${booking} changed; ${due} is due now, ${all} To keep your seats, pay ${due} from your booking before its hold ends.`;
  }
  switch (request.status) {
    case STATUS.pendingPrepayment:
    case STATUS.madePrepayment:
      return `Your payment of ${amount} arrived when nothing more was due for ${booking}, ${all}`;
    case STATUS.tourComplete:
      return `Your payment of ${amount} arrived after the tour of ${booking} had ended, when nothing more was due, ${all}`;
    default:
      return `Your payment of ${amount} arrived after ${booking} had been cancelled, ${all}`;
  }
}

/**
 * '; we remind you 7 and 2 days before' with the balance reminders still ahead of `today`
 * (`remindersAhead`): none once the 2-day reminder's day has come, then nothing is promised.
 */
function remindedText(dueBy: string, today: string): string {
  const days = remindersAhead(dueBy, today);
  return days.length === 0 ? '' : `; we remind you ${days.join(' and ')} days before`;
}

function paymentMessage({
  request,
  payment,
  credit,
  excess,
  short,
  tour,
  dueBy,
  today,
  publicUrl,
}: {
  request: RequestRow;
  payment: PaymentRow;
  credit: number;
  excess: number;
  /** The payment was short of the prepayment now due, and is refunded whole. */
  short: boolean;
  tour: string | undefined;
  /** The day the balance is due (YYYY-MM-DD), when the date sets one. */
  dueBy: string | null;
  /** Today (YYYY-MM-DD, UTC, as the reminder job counts): which reminders are still ahead. */
  today: string;
  publicUrl: string;
}): typeof outbox.$inferInsert {
  const amount = money(payment.amount, payment.currency);
  const left = request.price - request.paid;
  const link = bookingUrl(request, publicUrl);
  const name = tour ?? 'your tour';
  const lines: string[] = [];
  if (credit > 0) {
    lines.push(
      `We received your payment of ${money(credit, payment.currency)} for "${name}" (booking #${request.id}).${left > 0 ? ` ${money(left, payment.currency)} is left to pay ${dueBy ? `by ${displayDay(dueBy)}${remindedText(dueBy, today)}` : 'before the tour'}.` : ' Your booking is paid in full.'}`,
    );
  }
  if (excess > 0) {
    lines.push(`${refundReason(request, amount, credit, excess, short)} ${REFUND_TIME}`);
  }
  return {
    kind: excess > 0 ? 'payment-refunded' : 'payment-received',
    channel: 'email',
    recipient: request.contactEmail,
    subject:
      excess > 0
        ? `Refund of ${money(excess, payment.currency)} for booking #${request.id}`
        : `Payment received for booking #${request.id}`,
    body: `${bookingGreeting(request)}\n\n${lines.join('\n\n')}\n\nYour booking: ${link}\n\nThe Gallop team`,
    payload: { requestId: request.id, paymentId: payment.id, credit, refunded: excess },
  };
}

/**
 * Sends recorded refunds to the provider and marks them done. A failing one stays pending for
 * the booking job to retry (the provider refunds once per refund id); the first failure is
 * thrown after the others were tried.
 */
export async function sendRefunds(
  db: Database,
  provider: PaymentProvider,
  ids?: readonly number[],
): Promise<number> {
  const pending = await db
    .select({ refund: refunds, providerPaymentId: payments.providerPaymentId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.status, 1), ids ? inArray(refunds.id, [...ids]) : undefined))
    .orderBy(asc(refunds.id))
    .limit(100);
  let sent = 0;
  let failure: unknown;
  for (const { refund, providerPaymentId } of pending) {
    try {
      const providerRefundId = await provider.refund(
        providerPaymentId,
        toProviderAmount(refund.amount, refund.currency),
        String(refund.id),
      );
      await db
        .update(refunds)
        .set({ status: 2, providerRefundId, completedAt: new Date() })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 1)));
      sent += 1;
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
  return sent;
}

/**
 * Tells the provider about payments Gallop voided. One the payer completed first is applied as
 * its success (credited as far as due, the rest refunded); for the others the provider's answer
 * that nothing can be charged any more is recorded (`void_confirmed_at`), and until it is,
 * reconciliation asks again (`reconciliation.ts`).
 */
export async function settleVoids(
  db: Database,
  provider: PaymentProvider,
  voided: readonly PaymentRow[],
  publicUrl: string,
): Promise<void> {
  for (const payment of voided) {
    const outcome = await provider.void(payment.providerPaymentId);
    if (outcome.outcome !== 'charged') {
      await db
        .update(payments)
        .set({ voidConfirmedAt: new Date() })
        .where(and(eq(payments.id, payment.id), isNull(payments.voidConfirmedAt)));
      continue;
    }
    const result = { status: 'succeeded', cardLast4: outcome.cardLast4 ?? undefined } as const;
    const settled = await applyResultOf(db, payment, result, publicUrl);
    await sendRefunds(db, provider, settled.refundIds);
    await settleVoids(db, provider, settled.voided, publicUrl);
  }
}

/**
 * Opens a payment at the provider and answers it as Gallop has it now. The open runs after the
 * start's commit, outside the booking's lock, so another start (or a cancel) may have voided the
 * payment meanwhile and already told the provider, which then had nothing to void: the payment
 * is voided again after the open, or it would stay open at the provider for good.
 */
export async function openAtProvider(
  db: Database,
  provider: PaymentProvider,
  payment: PaymentRow,
  publicUrl: string,
): Promise<PaymentRow> {
  await provider.open(providerPayment(payment));
  const now = (await findPayment(db, payment.id))!;
  if (now.status !== PAYMENT_STATUS.canceled) return now;
  // Voiding finds a payment the payer completed first and applies it: read it again after.
  await settleVoids(db, provider, [now], publicUrl);
  return (await findPayment(db, payment.id))!;
}

/** What the provider says became of a payment: its status and the card's last four digits. */
export interface ProviderOutcome {
  status: CallbackFields['status'];
  cardLast4: string | undefined;
}

/** `applyProviderResult` for one of Gallop's payments, named by its own ids. */
function applyResultOf(
  db: Database,
  payment: PaymentRow,
  { status, cardLast4 }: ProviderOutcome,
  publicUrl: string,
): Promise<SettleResult> {
  return applyProviderResult(
    db,
    {
      payment_id: payment.id,
      provider_payment_id: payment.providerPaymentId,
      status,
      card_last4: cardLast4,
    },
    publicUrl,
  );
}

/** What settling a payment's result needs: the database, the provider, the site, a log. */
export interface Settling {
  db: Database;
  provider: PaymentProvider;
  publicUrl: string;
  /** Logs what a caller cannot be told (a refund the provider refused, retried later). */
  log?: { warn(details: object, message: string): void } | undefined;
}

/**
 * Applies the provider's result to a payment, then sends the refunds it recorded. Refunds are
 * recorded first; one the provider refuses now is retried by the booking job.
 */
export async function settlePayment(
  { db, provider, publicUrl, log }: Settling,
  payment: PaymentRow,
  outcome: ProviderOutcome,
): Promise<void> {
  const { refundIds, voided } = await applyResultOf(db, payment, outcome, publicUrl);
  // A void the provider does not confirm now is asked again by reconciliation.
  await settleVoids(db, provider, voided, publicUrl).catch((error: unknown) =>
    log?.warn({ err: error, payments: voided.map((row) => row.id) }, 'payments: a void is left'),
  );
  if (refundIds.length === 0) return;
  await sendRefunds(db, provider, refundIds).catch((error: unknown) =>
    log?.warn({ err: error, refunds: refundIds }, 'payments: a refund is left for the retry'),
  );
}
