/** The emails a booking sends to its contact, through the outbox. */
import type { outbox } from '#src/db/schema/index.ts';
import type { RequestRow } from './records.ts';
import { partyText } from './party-text.ts';

type OutboxValues = typeof outbox.$inferInsert;

/**
 * What the traveller pays first: the prepayment when the booking has one, else the full price
 * (a date without prepayment, or a booking made within its full-payment days).
 */
export function firstPayment(booking: Pick<RequestRow, 'prepayment' | 'price'>): string {
  return booking.prepayment !== null && booking.prepayment < booking.price
    ? 'the prepayment'
    : 'the full price';
}

/** The booking's own page: opens by its link key, no sign-in needed. */
export function bookingUrl(request: Pick<RequestRow, 'uuid'>, publicUrl: string): string {
  return new URL(`/booking/uuid/${request.uuid}`, publicUrl).href;
}

export function bookingReceivedMessage({
  request,
  tourName,
  date,
  publicUrl,
  guestHoldMinutes,
}: {
  request: RequestRow;
  tourName: string;
  /** The booked date; its variant ("Private room") is named when it has one. */
  date: { startDate: string; endDate: string; variantName?: string | null } | undefined;
  publicUrl: string;
  /** Set for a booking made signed out: its seats wait this long for the address's proof. */
  guestHoldMinutes?: number | undefined;
}): OutboxValues {
  const link = bookingUrl(request, publicUrl);
  const variant = date?.variantName ? ` (${date.variantName})` : '';
  const when = date ? ` from ${date.startDate} to ${date.endDate}${variant}` : '';
  const next =
    guestHoldMinutes !== undefined
      ? `To keep your seats, confirm this e-mail address within ${guestHoldMinutes} minutes: open your booking and sign in with the one-time code we send to this address. If you did not make this booking, ignore this e-mail and the seats are released. Your booking:`
      : request.status === 2
        ? `Your place is confirmed. Pay ${firstPayment(request)} to secure it:`
        : 'The organizer will confirm the date shortly. Follow your booking here:';
  return {
    kind: 'booking-received',
    channel: 'email',
    recipient: request.contactEmail,
    subject: `Booking request #${request.id}: ${tourName}`,
    body: `Hello ${request.contactName},\n\nWe have your booking request #${request.id} for "${tourName}"${when} for ${partyText(request)}.\n\n${next} ${link}\n\nThe Gallop team`,
    payload: { requestId: request.id, link },
  };
}
