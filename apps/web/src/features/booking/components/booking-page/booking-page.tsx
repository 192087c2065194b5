import { formatPrice } from '@gallop/currency';
import { Button, ConfirmModal } from '@gallop/ui-kit';
import { Link, useLocation } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../../lib/api';
import { useSend } from '../../../../lib/use-send';
import { formatDay } from '../../../../lib/tour-format';
import {
  cancelBooking,
  startCardPayment,
  type BookingRequest,
  type PaymentType,
  type Traveller,
} from '../../api';
import {
  isCancelled,
  PAYMENT_LABELS,
  paymentOptions,
  STATUS_LABELS,
  STATUS_NEXT,
} from '../../status';
import { BookingSummary, SummaryLine } from '../booking-summary/booking-summary';

function statusClass(booking: BookingRequest): string {
  if (isCancelled(booking.status)) return 'booking-status booking-status--cancelled';
  if (booking.status >= 3) return 'booking-status booking-status--paid';
  return 'booking-status';
}

/**
 * A booking request (`/booking/{id}`, `/booking/uuid/{uuid}`, and the pay pages): its status, what
 * to do next, the riders and the money; paying and cancelling need the owner's session.
 */
export function BookingPage({
  booking,
  focus = 'details',
  user,
}: {
  booking: BookingRequest;
  focus?: 'details' | 'pay';
  user: Traveller | undefined;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [confirming, setConfirming] = useState(false);
  const payment = useSend<void>();
  const cancel = useSend<void>();
  const money = (amount: number) => formatPrice(amount, booking.currency);
  const options = paymentOptions(booking);
  const paid = booking.paid ?? 0;

  const pay = (type: PaymentType) =>
    payment.send(async () => {
      window.location.assign(await startCardPayment(api, booking.id, type));
    });
  const confirmCancel = () =>
    cancel.send(async () => {
      const updated = await cancelBooking(api, booking.id);
      queryClient.setQueryData(['booking', booking.id], updated);
      queryClient.setQueryData(['booking', 'uuid', booking.uuid], updated);
      setConfirming(false);
    });

  return (
    <div className="page-container booking-layout">
      <section aria-labelledby="booking-title">
        <p className={statusClass(booking)}>{STATUS_LABELS[booking.status]}</p>
        <h1 id="booking-title" className="display-heading booking-title">
          {focus === 'pay' ? `Pay for booking #${booking.id}` : `Booking #${booking.id}`}
        </h1>
        <p className="booking-lead">{STATUS_NEXT[booking.status]}</p>
        {booking.status === 4 && (
          <p>
            <Link to="/review/$uuid" params={{ uuid: booking.uuid }}>
              Write a review
            </Link>
          </p>
        )}

        {options.length > 0 && (
          <div className="booking-section">
            <h2 className="booking-section__title">Payment</h2>
            {user ? (
              <>
                <div className="booking-actions">
                  {options.map((option, index) => (
                    <Button
                      key={option.type}
                      theme={index === 0 ? 'primary' : 'negative'}
                      disabled={payment.sending}
                      onClick={() => pay(option.type)}
                    >
                      {`${PAYMENT_LABELS[option.type]}: ${money(option.amount)}`}
                    </Button>
                  ))}
                </div>
                {payment.failure && (
                  <p className="booking-form__failure" role="alert">
                    {payment.failure}
                  </p>
                )}
                <p className="booking-note">
                  You will pay on the secure page of our payment provider (3-D Secure). No card data
                  is stored by Gallop.
                </p>
              </>
            ) : (
              <p>
                <Link to="/login" search={{ redirect: location.href }}>
                  Sign in
                </Link>{' '}
                with the e-mail you booked with to pay. A one-time code works: no password needed.
              </p>
            )}
          </div>
        )}

        <div className="booking-section">
          <h2 className="booking-section__title">Riders</h2>
          <ol className="booking-list">
            {booking.tourists.map((tourist) => (
              <li key={tourist.id ?? tourist.full_name}>
                {tourist.full_name}
                {tourist.birthday ? `, born ${formatDay(tourist.birthday)}` : ''}
                {tourist.weight ? `, ${tourist.weight} kg` : ''}
              </li>
            ))}
          </ol>
          {booking.comment && <p className="booking-note">Your comment: {booking.comment}</p>}
          {booking.can_cancel && (
            <p className="booking-note">
              <Link
                to="/order/$id/add-tourists"
                params={{ id: String(booking.id) }}
                search={{ uuid: booking.uuid }}
              >
                Add a rider
              </Link>{' '}
              (share this link with a friend who joins you)
            </p>
          )}
        </div>

        {user && booking.can_cancel && (
          <div className="booking-actions">
            <Button theme="ghost" onClick={() => setConfirming(true)}>
              Cancel booking
            </Button>
          </div>
        )}
        {cancel.failure && (
          <p className="booking-form__failure" role="alert">
            {cancel.failure}
          </p>
        )}
        <ConfirmModal
          isOpen={confirming}
          title="Cancel this booking?"
          confirmLabel="Cancel booking"
          cancelLabel="Keep it"
          destructive
          loading={cancel.sending}
          onConfirm={confirmCancel}
          onCancel={() => setConfirming(false)}
        >
          The seats will be released.{' '}
          {paid > 0 ? 'Support will contact you about the payment you made.' : ''}
        </ConfirmModal>
      </section>

      <BookingSummary tour={booking.tour} date={booking.tour_date}>
        <dl className="booking-summary__lines">
          <SummaryLine
            label={`Total for ${booking.tourists.length} rider(s)`}
            value={money(booking.price)}
            strong
          />
          {booking.prepayment !== null && booking.prepayment !== undefined && (
            <SummaryLine label="Prepayment" value={money(booking.prepayment)} />
          )}
          <SummaryLine label="Paid" value={money(paid)} />
          {paid < booking.price && !isCancelled(booking.status) && (
            <SummaryLine label="Left to pay" value={money(booking.price - paid)} />
          )}
        </dl>
        <p className="booking-note">
          Amounts in {booking.currency}, the currency the organizer charges in. Requested on{' '}
          {formatDay(booking.created_at)}.
        </p>
      </BookingSummary>
    </div>
  );
}
