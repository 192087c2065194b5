import { formatPrice } from '@gallop/currency';
import { CancellationPolicy } from '@gallop/ui-kit';
import { Link, useRouteContext } from '@tanstack/react-router';
import { MessageOrganizerButton } from '../../../../components/message-organizer-button/message-organizer-button';
import { balanceDueText as balanceDueOf } from '../../../../lib/balance-due';
import { isFeatureOn } from '../../../../lib/features';
import { useFormattedInstant } from '../../../../lib/instant-format';
import { formatDay, todayIso } from '../../../../lib/tour-format';
import type { BookingRequest, Traveller } from '../../api';
import { isCancelled, isOver, readsAnothersBooking } from '../../status';
import './trip-home.css';

const REFUND_REASONS: Readonly<
  Record<NonNullable<BookingRequest['refunds']>[number]['reason'], string>
> = {
  cancellation: 'Cancellation refund',
  overpaid: 'More than was due',
  'amount-changed': 'Paid before the riders changed what was due',
  'booking-closed': 'Paid after the booking closed',
};

/**
 * What cancelling today gives back, and when that falls (`refund_falls`, written as `fallsAt` in
 * the viewer's zone): undefined once the booking cannot be cancelled.
 */
export function refundTodayText(booking: BookingRequest, fallsAt?: string): string | undefined {
  const back = booking.refund_if_canceled_today;
  if (back === null || back === undefined || !booking.can_cancel) return undefined;
  const paid = booking.paid ?? 0;
  const money = (amount: number) => formatPrice(amount, booking.currency);
  if (paid === 0) return 'Nothing is paid yet: if you cancel today, nothing is due.';
  const today =
    back === 0
      ? `If you cancel today you get nothing back of the ${money(paid)} you paid.`
      : `If you cancel today you get back ${money(back)} of the ${money(paid)} you paid.`;
  const falls = booking.refund_falls;
  if (!falls || !fallsAt) return today;
  return falls.refund > 0
    ? `${today} It falls to ${money(falls.refund)} at ${fallsAt}.`
    : `${today} From ${fallsAt} nothing comes back.`;
}

/** `refundTodayText` with the moment it falls in the viewer's zone. */
export function useRefundTodayText(booking: BookingRequest): string | undefined {
  return refundTodayText(booking, useFormattedInstant(booking.refund_falls?.at));
}

/** Why a cancelled booking ended, in the words of whoever ended it. */
function EndReason({ booking }: { booking: BookingRequest }) {
  if (!isCancelled(booking.status)) return null;
  const reason = booking.decline_reason ?? booking.cancel_reason;
  if (!reason) return null;
  const who =
    booking.status === 6
      ? 'The organizer’s reason'
      : booking.status === 8
        ? 'Support’s reason'
        : booking.status === 5
          ? 'Your message'
          : 'Why';
  return (
    <p className="trip-home__reason" data-testid="end-reason">
      <strong>{who}:</strong> {reason}
    </p>
  );
}

/** Money given back to the card, newest first. */
function Refunds({ booking }: { booking: BookingRequest }) {
  const refunds = booking.refunds ?? [];
  if (refunds.length === 0) return null;
  return (
    <div className="booking-section" data-testid="refunds">
      <h2 className="booking-section__title">Refunds</h2>
      <ul className="trip-home__list">
        {refunds.map((refund) => (
          <li key={refund.id} className="trip-home__row">
            <span>
              {REFUND_REASONS[refund.reason]}, {formatDay(refund.created_at)}
              <span className="trip-home__muted">
                {' '}
                · {refund.status === 'refunded' ? 'sent to your card' : 'on its way'}
              </span>
            </span>
            <strong>{formatPrice(refund.amount, refund.currency)}</strong>
          </li>
        ))}
      </ul>
      <p className="booking-note">Refunds reach most cards within 5–10 days.</p>
    </div>
  );
}

/** The organizer's meeting details: where and when to meet, what to bring, files. */
function MeetingDetails({ booking }: { booking: BookingRequest }) {
  const meeting = booking.meeting;
  if (!meeting) return null;
  return (
    <div className="booking-section" data-testid="meeting-details">
      <h2 className="booking-section__title">Meeting details</h2>
      <p className="trip-home__meeting">{meeting.text}</p>
      {meeting.files.length > 0 && (
        <ul className="trip-home__files">
          {meeting.files.map((file) =>
            file.url ? (
              <li key={file.id}>
                <a href={file.url} target="_blank" rel="noreferrer">
                  {file.name}
                </a>
              </li>
            ) : (
              <li key={file.id}>{file.name}</li>
            ),
          )}
        </ul>
      )}
      <p className="booking-note">From the organizer, updated {formatDay(meeting.updated_at)}.</p>
    </div>
  );
}

/**
 * Where the owner tells how the riders arrive. The arrival page is the owner's, signed in: a
 * reader signed out (a friend holding the link, or the owner not signed in) is asked to sign in
 * first rather than sent to a page that refuses them.
 */
export function ArrivalLine({ uuid, signedIn }: { uuid: string; signedIn: boolean }) {
  if (!signedIn) {
    return (
      <p data-testid="arrival-line">
        Booked this trip yourself?{' '}
        <Link to="/login" search={{ redirect: `/arrival/${uuid}` }}>
          Sign in
        </Link>{' '}
        to tell the organizer how you arrive (flights, trains, transfers).
      </p>
    );
  }
  return (
    <p data-testid="arrival-line">
      <Link to="/arrival/$uuid" params={{ uuid }}>
        Tell the organizer how you arrive
      </Link>{' '}
      (flights, trains, transfers), so they can meet you.
    </p>
  );
}

/** What is left to pay and by when, as the traveller reads it (`lib/balance-due.ts`). */
export const balanceDueText = (booking: BookingRequest, today: string) =>
  balanceDueOf(booking, today, 'traveller');

/**
 * The traveller's booking page as the trip's home (issue 42): why it ended, refunds, the
 * organizer's meeting details, the accepted cancellation policy with what cancelling today gives
 * back, the arrival form and the chat with the organizer. Once the booking is over (`isOver`) the
 * policy's terms are no longer the reader's to weigh: the page tells what happened and what was
 * refunded, and the meeting details of a ride that does not run are dropped.
 */
export function TripHome({
  booking,
  user,
}: {
  booking: BookingRequest;
  user: Traveller | undefined;
}) {
  const { site } = useRouteContext({ strict: false });
  const active = !isOver(booking);
  // Journeys are the owner's to tell: another account holding the link would be refused.
  const arrival =
    active &&
    site !== undefined &&
    isFeatureOn(site, 'arrival') &&
    !readsAnothersBooking(booking, user !== undefined);
  const organizerId = booking.tour.organizer?.id;
  const balanceDue = balanceDueText(booking, todayIso());
  const refundToday = useRefundTodayText(booking);
  return (
    <>
      <EndReason booking={booking} />
      {balanceDue && (
        <p className="trip-home__due" data-testid="balance-due">
          {balanceDue}
        </p>
      )}
      {!isCancelled(booking.status) && <MeetingDetails booking={booking} />}
      <Refunds booking={booking} />
      {active && booking.cancellation_policy && (
        <CancellationPolicy
          className="trip-home__policy"
          headingLevel={2}
          title={booking.cancellation_policy.title}
          lines={booking.cancellation_policy.lines}
          footer={refundToday}
        />
      )}
      {(arrival || (user && organizerId !== undefined)) && (
        <div className="booking-section trip-home__links">
          <h2 className="booking-section__title">
            {active ? 'Before you go' : 'Questions about this booking'}
          </h2>
          {arrival && <ArrivalLine uuid={booking.uuid} signedIn={user !== undefined} />}
          {user && organizerId !== undefined && (
            <MessageOrganizerButton organizerId={organizerId} tourId={booking.tour.id} size="sm" />
          )}
        </div>
      )}
    </>
  );
}
