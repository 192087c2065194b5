/**
 * What a booking's receipt says (issue 42), read from the database: the booking, its tour,
 * organizer and date, the riders, the payments received and the refunds. `receipt-pdf.ts` draws
 * it.
 */
import {
  ACTIVE_STATUSES,
  balanceDueBy,
  policyLines,
  refundDeadlinesLine,
  tiersOfBooking,
  type BookingStatus,
} from '@gallop/booking-rules';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { organizers, payments, refunds, tourDates, tours } from '#src/db/schema/index.ts';
import { findRequestByUuid, loadTourists } from '#src/modules/bookings/index.ts';
import { PAYMENT_STATUS } from './payments.ts';
import { todayIso } from '#src/shared/dates.ts';
import { formatDay, receiptNumber, type ReceiptDue, type ReceiptInput } from './receipt-pdf.ts';

export interface DueTerms {
  status: number;
  price: number;
  prepayment: number | null;
  paid: number;
  /** The date's start (YYYY-MM-DD); null for a tour on request. */
  start: string | null;
  /** The whole price is due this many days before the start (`tour_dates.full_payment_days`). */
  fullPaymentDays: number | null;
  /** Today (YYYY-MM-DD, UTC): a full-payment day already passed makes the rest due today. */
  today: string;
}

/**
 * What is still to pay and by when: nothing for a cancelled or completed booking, or once the
 * price is paid. While less than the prepayment is paid, what it still asks is due first (once the
 * organizer has confirmed): all of it before any payment, the added riders' share after a rider
 * change outgrew what was paid (decision 192), as the booking page and the card page ask it
 * (`amountDue`); the rest by the date's full-payment day (today once it has passed, as
 * `balanceDueBy` tells the booking page), else by the start.
 */
export function amountsDue(terms: DueTerms): ReceiptDue[] {
  const left = terms.price - terms.paid;
  if (!ACTIVE_STATUSES.includes(terms.status as BookingStatus) || left <= 0) return [];
  const by =
    terms.start === null
      ? null
      : // Never a day gone by: the booking page and the payment e-mail say today then.
        (balanceDueBy(terms.start, terms.fullPaymentDays, terms.today) ?? terms.start);
  if (
    terms.prepayment !== null &&
    terms.paid < terms.prepayment &&
    terms.prepayment < terms.price
  ) {
    const prepayment = terms.paid === 0 ? 'Prepayment' : 'Rest of the prepayment';
    return [
      {
        label: `${prepayment} due ${terms.status === 1 ? 'once confirmed' : 'now'}`,
        amount: terms.prepayment - terms.paid,
        by: null,
      },
      { label: 'Balance due', amount: terms.price - terms.prepayment, by },
    ];
  }
  return [{ label: terms.paid > 0 ? 'Balance due' : 'Amount due', amount: left, by }];
}

export interface ReceiptOptions {
  now: Date;
}

/** The receipt of the booking whose link key is `uuid`; undefined when there is none. */
export async function loadReceipt(
  db: Database,
  uuid: string,
  options: ReceiptOptions,
): Promise<ReceiptInput | undefined> {
  const booking = await findRequestByUuid(db, uuid);
  if (!booking) return undefined;
  const [[tour], dates, tourists, paidPayments, givenBack] = await Promise.all([
    db
      .select({ name: tours.name, organizer: organizers.name })
      .from(tours)
      .leftJoin(organizers, eq(organizers.id, tours.organizerId))
      .where(eq(tours.id, booking.tourId)),
    booking.tourDateId === null
      ? Promise.resolve([])
      : db
          .select({
            start: tourDates.startDate,
            end: tourDates.endDate,
            fullPaymentDays: tourDates.fullPaymentDays,
          })
          .from(tourDates)
          .where(eq(tourDates.id, booking.tourDateId)),
    loadTourists(db, [booking.id]),
    db
      .select()
      .from(payments)
      .where(and(eq(payments.requestId, booking.id), eq(payments.status, PAYMENT_STATUS.paid)))
      .orderBy(asc(payments.paidAt), asc(payments.id)),
    db
      .select()
      .from(refunds)
      .where(eq(refunds.requestId, booking.id))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
  ]);
  const date = dates[0];
  const party = tourists.get(booking.id) ?? [];
  return {
    number: receiptNumber(booking.id, paidPayments.length + givenBack.length),
    issuedAt: options.now,
    booking: {
      id: booking.id,
      status: booking.status,
      createdAt: booking.createdAt,
      contactName: booking.contactName,
      contactEmail: booking.contactEmail,
    },
    tour: {
      name: tour?.name ?? '',
      organizer: tour?.organizer ?? null,
      start: date?.start ?? null,
      end: date?.end ?? null,
    },
    riders: namesOf(party.filter((tourist) => tourist.rides)),
    nonRiders: namesOf(party.filter((tourist) => !tourist.rides)),
    currency: booking.currency,
    price: booking.price,
    prepayment: booking.prepayment,
    paid: booking.paid,
    refunded: booking.refunded,
    payments: paidPayments.map((payment) => ({
      paidAt: payment.paidAt ?? payment.updatedAt,
      amount: payment.amount,
      type: payment.paymentType,
      method: payment.paymentMethod,
      cardLast4: payment.cardLast4,
    })),
    refunds: givenBack.map((refund) => ({
      createdAt: refund.createdAt,
      amount: refund.amount,
      reason: refund.reason,
      status: refund.status,
    })),
    due: amountsDue({
      status: booking.status,
      price: booking.price,
      prepayment: booking.prepayment,
      paid: booking.paid,
      start: date?.start ?? null,
      fullPaymentDays: date?.fullPaymentDays ?? null,
      today: todayIso(options.now),
    }),
    // The tiers the traveller accepted at checkout (decision 091), in words, and their days for
    // this date while the booking is open (decision 208).
    policy: [
      ...policyLines(tiersOfBooking(booking)),
      ...deadlinesOf(booking, date?.start ?? null, todayIso(options.now)),
    ],
  };
}

const namesOf = (
  tourists: readonly { firstName: string; middleName: string | null; lastName: string }[],
) =>
  tourists.map((tourist) =>
    [tourist.firstName, tourist.middleName, tourist.lastName].filter(Boolean).join(' '),
  );

/** The policy's days for the booking's date, in UTC as every receipt date; none once it ended. */
function deadlinesOf(
  booking: Parameters<typeof tiersOfBooking>[0] & { status: number },
  start: string | null,
  today: string,
): string[] {
  if (start === null || !ACTIVE_STATUSES.includes(booking.status as BookingStatus)) return [];
  const line = refundDeadlinesLine(
    tiersOfBooking(booking),
    start,
    today,
    (moment) => `${moment.slice(11, 16)} UTC, ${formatDay(new Date(moment))}`,
  );
  return line ? [line] : [];
}
