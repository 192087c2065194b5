import { isApiError } from '@gallop/api-client';
import { formatPrice } from '@gallop/currency';
import { Button, ConfirmModal } from '@gallop/ui-kit';
import { Link, useLocation } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useApi } from '../../../../lib/api';
import { useFormattedInstant } from '../../../../lib/instant-format';
import { useHydrated } from '../../../../lib/use-hydrated';
import { useSend } from '../../../../lib/use-send';
import { formatDay } from '../../../../lib/tour-format';
import {
  cancelBooking,
  refetchBookings,
  storeBooking,
  type BookingRequest,
  type Traveller,
} from '../../api';
import { rememberedContactEmail } from '../../contact-email';
import { startPaymentOnce, type PaymentChoice } from '../../payment-keys';
import {
  awaitsOwnerPayment,
  holdEnded,
  isCancelled,
  isOver,
  PAYMENT_LABELS,
  paymentOptions,
  readsByLink,
  statusLabel,
  statusBadgeClass,
  statusNext,
} from '../../status';
import { BookingPriceLines, BookingSummary, SummaryLine } from '../booking-summary/booking-summary';
import { ReceiptLink } from '../receipt-link/receipt-link';
import { dateCancelledText } from './date-cancelled';
import { unclaimedGuestBookingNote } from './guest-booking-note';
import { RiderEditor } from '../rider-editor';
import { TripHome, useRefundTodayText } from '../trip-home/trip-home';

/**
 * What proves a guest's e-mail on the booking page (the route composes it: the sign-in with a
 * one-time code belongs to the account feature). `email` is the address the guest booked with in
 * this tab, when known.
 */
export type EmailProofSlot = (booking: BookingRequest, email: string | undefined) => ReactNode;

/**
 * A booking request (`/booking/{id}`, `/booking/uuid/{uuid}`, and the pay pages): its status, what
 * to do next, the riders and the money. It offers what the API's flags say this reader may do:
 * paying and cancelling are the owner's signed in; anyone else holding the link, signed out or as
 * another account, changes riders' details only (decision 165), and signed out is asked to sign in
 * as the owner to pay.
 */
export function BookingPage({
  booking,
  focus = 'details',
  user,
  emailProof,
}: {
  booking: BookingRequest;
  focus?: 'details' | 'pay';
  user: Traveller | undefined;
  emailProof?: EmailProofSlot | undefined;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [confirming, setConfirming] = useState(false);
  const payment = useSend<void>();
  const cancel = useSend<void>();
  // Set before the call leaves, so a second click in the same frame sends nothing.
  const starting = useRef(false);
  // The payment whose button was pressed: it shows progress until the provider's page opens.
  const [paying, setPaying] = useState<PaymentChoice['type'] | undefined>();
  const money = (amount: number) => formatPrice(amount, booking.currency);
  const options = paymentOptions(booking);
  const paid = booking.paid ?? 0;
  const refunded = booking.refunded ?? 0;
  // With its zone: '10:54 CET, 6 Dec 2026', as the e-mail names its zone too (decision 153), in
  // the viewer's (their settings' when signed in, else their device's).
  const holdUntil = useFormattedInstant(isCancelled(booking.status) ? null : booking.hold_until);
  const refundToday = useRefundTodayText(booking);
  // An ended booking (or one past its time to pay) offers nothing of a live one: no cancelling,
  // no prepayment to make, no riders to change.
  const over = isOver(booking);
  // The address this tab booked with, read once hydrated: the server does not know what it stored.
  const bookedWith = useHydrated() ? rememberedContactEmail(booking.uuid) : undefined;

  const pay = (choice: PaymentChoice) => {
    if (starting.current) return;
    starting.current = true;
    setPaying(choice.type);
    void payment.send(async () => {
      try {
        window.location.assign(await startPaymentOnce(api, choice));
        // The provider's page takes a while on a slow network: the button stays busy until the
        // page is left, or shown again from the back/forward cache.
        await leavingPage();
      } finally {
        starting.current = false;
      }
    });
  };
  const confirmCancel = () =>
    cancel.send(async () => {
      try {
        const updated = await cancelBooking(api, booking.id, booking.refund_if_canceled_today);
        storeBooking(queryClient, api, updated);
        setConfirming(false);
      } catch (error) {
        // 409: the booking changed meanwhile (cancelled elsewhere, paid ...). The page shows the
        // server's message and the booking as it is now.
        if (isApiError(error) && error.status === 409) {
          setConfirming(false);
          await refetchBookings(queryClient);
        }
        throw error;
      }
    });

  return (
    <div className="page-container booking-layout">
      <section aria-labelledby="booking-title">
        <p className={statusBadgeClass(booking.status)}>{statusLabel(booking)}</p>
        <h1 id="booking-title" className="display-heading booking-title">
          {/* A closed booking's pay page has nothing to pay: it is named as the booking. */}
          {focus === 'pay' && !isCancelled(booking.status)
            ? `Pay for booking #${booking.id}`
            : `Booking #${booking.id}`}
        </h1>
        <p className="booking-lead">{dateCancelledText(booking) ?? statusNext(booking)}</p>
        {booking.email_proof_required ? (
          <EmailProofNotice
            booking={booking}
            holdUntil={holdUntil}
            emailProof={emailProof}
            email={bookedWith}
          />
        ) : (
          holdUntil &&
          paid === 0 && (
            <p className="booking-hold" data-testid="hold-until">
              {holdEnded(booking) ? 'Seats were held until ' : 'Seats held until '}
              {holdUntil}
            </p>
          )
        )}
        {booking.status === 4 && (
          <p>
            <Link to="/review/$uuid" params={{ uuid: booking.uuid }}>
              Write a review
            </Link>
          </p>
        )}

        {/* Signed out, a guest's booking awaiting its e-mail's proof says above how to sign in. */}
        {/* Said only while a rider can still be changed (the API's `can_edit`). */}
        {readsByLink(booking) &&
          !over &&
          booking.tourists.some((tourist) => tourist.can_edit) &&
          (user || !booking.email_proof_required) && (
            <p className="booking-note booking-note--reader" data-testid="link-reader">
              {user && booking.email_proof_required ? (
                // Made signed out and no account's yet: not "another account's" (decision 185).
                unclaimedGuestBookingNote(user, bookedWith)
              ) : (
                <>
                  {user
                    ? 'This booking was made with another account.'
                    : 'You opened this booking by its link.'}{' '}
                  You can change the riders' names, contacts and food; paying, weights and
                  cancelling are for the person who booked{user ? '' : ', signed in'}.
                </>
              )}
            </p>
          )}

        {(options.length > 0 || (!user && awaitsOwnerPayment(booking))) && (
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
                      loading={payment.sending && paying === option.type}
                      onClick={() => pay({ bookingId: booking.id, ...option })}
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
          <RiderEditor booking={booking} user={user} />
          {booking.comment && <p className="booking-note">Your comment: {booking.comment}</p>}
        </div>

        <TripHome booking={booking} user={user} />

        {user && booking.can_cancel && !over && (
          <div className="booking-actions">
            <Button theme="ghost" flush="start" onClick={() => setConfirming(true)}>
              Cancel booking
            </Button>
          </div>
        )}
        {cancel.failure && !confirming && (
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
          The seats will be released. {refundToday}
          {cancel.failure && (
            <span className="booking-form__failure" role="alert">
              {' '}
              {cancel.failure}
            </span>
          )}
        </ConfirmModal>
      </section>

      <BookingSummary tour={booking.tour} date={booking.tour_date}>
        <dl className="booking-summary__lines">
          <BookingPriceLines booking={booking} />
          {!over && booking.prepayment !== null && booking.prepayment !== undefined && (
            <SummaryLine label="Prepayment" value={money(booking.prepayment)} />
          )}
          <SummaryLine label="Paid" value={money(paid)} />
          {refunded > 0 && <SummaryLine label="Refunded" value={money(refunded)} />}
          {paid < booking.price && !isCancelled(booking.status) && (
            <SummaryLine label="Left to pay" value={money(booking.price - paid)} />
          )}
        </dl>
        <p className="booking-note">
          Amounts in {booking.currency}, the currency you booked in: the price is fixed in it and
          payments are charged in it. Requested on {formatDay(booking.created_at)}.
        </p>
        <ReceiptLink uuid={booking.uuid} paid={paid > 0} flush="start" />
      </BookingSummary>
    </div>
  );
}

/**
 * A booking made signed out whose contact e-mail is not proven yet: its seats are held for a
 * short time only, and it joins an account once the traveller signs in with a one-time code sent
 * to that address.
 */
function EmailProofNotice({
  booking,
  holdUntil,
  emailProof,
  email,
}: {
  booking: BookingRequest;
  holdUntil: string | undefined;
  emailProof: EmailProofSlot | undefined;
  /** The address this tab booked with, when known. */
  email: string | undefined;
}) {
  const location = useLocation();
  return (
    <section className="booking-notice" aria-labelledby="email-proof-title">
      <h2 id="email-proof-title" className="booking-notice__title">
        Confirm your e-mail to keep your seats
      </h2>
      <p className="booking-notice__text">
        {holdUntil ? (
          <>
            Your seats are held until <strong>{holdUntil}</strong> only.
          </>
        ) : (
          'Your seats are held for a short time only.'
        )}{' '}
        Confirm the e-mail address you booked with: we send it a one-time code, and signing in with
        it keeps the seats and adds this booking to your account.
      </p>
      {emailProof ? (
        emailProof(booking, email)
      ) : (
        <p className="booking-notice__text">
          <Link to="/login" search={{ redirect: location.href }}>
            Sign in with a code
          </Link>{' '}
          sent to the e-mail you booked with.
        </p>
      )}
    </section>
  );
}

/** Settles when this page shows again after being left (the back/forward cache), else never. */
function leavingPage(): Promise<void> {
  return new Promise((resolve) => {
    window.addEventListener('pageshow', () => resolve(), { once: true });
  });
}
