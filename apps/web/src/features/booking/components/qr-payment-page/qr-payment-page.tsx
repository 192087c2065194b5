import { formatPrice } from '@gallop/currency';
import { isApiError } from '@gallop/api-client';
import { Button, Spinner } from '@gallop/ui-kit';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useApi } from '../../../../lib/api';
import { failureText } from '../../../../lib/failure-text';
import type { BookingRequest, PaymentType, Traveller } from '../../api';
import {
  paymentStatusQuery,
  qrPaymentQuery,
  QR_STATUS_POLL_MS,
  timeLeft,
  type QrPayment,
} from '../../qr';
import {
  awaitsOwnerPayment,
  isCancelled,
  PAYMENT_LABELS,
  paymentOptions,
  statusBadgeClass,
  statusLabel,
} from '../../status';
import { BookingPriceLines, BookingSummary, SummaryLine } from '../booking-summary/booking-summary';
import './qr-payment-page.css';

/**
 * `{base}/qr/{id}` and `{base}/qr/uuid/{uuid}`: paying a booking by scanning a fast-payment QR code
 * with a banking app. The page polls the payment and moves on to the booking once it is paid (not
 * to `/success`: that page reads the payment by the signed token of the provider's redirect, which
 * a QR payment has none of).
 */
export function QrPaymentPage({
  booking,
  user,
}: {
  booking: BookingRequest;
  user: Traveller | undefined;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  // A payment that arrived while the page is open (the booking is read again when its chat
  // tells of the payment) ends the page as the code's own poll does: on to the booking.
  const paidAtStart = useRef(booking.paid ?? 0);
  useEffect(() => {
    if ((booking.paid ?? 0) > paidAtStart.current) {
      void navigate({ to: '/booking/$id', params: { id: String(booking.id) } });
    }
  }, [booking.paid, booking.id, navigate]);
  const options = paymentOptions(booking);
  const [type, setType] = useState<PaymentType | undefined>(options[0]?.type);
  const money = (amount: number) => formatPrice(amount, booking.currency);
  const cardLink = (
    <Link to="/booking/pay/uuid/$uuid" params={{ uuid: booking.uuid }}>
      Pay by card instead
    </Link>
  );

  return (
    <div className="page-container booking-layout">
      <section aria-labelledby="qr-title">
        <p className={statusBadgeClass(booking.status)}>{statusLabel(booking)}</p>
        <h1 id="qr-title" className="display-heading booking-title">
          Pay for booking #{booking.id} by QR code
        </h1>
        {!user && (options.length > 0 || awaitsOwnerPayment(booking)) ? (
          <div className="booking-section">
            <p>
              <Link to="/login" search={{ redirect: location.href }}>
                Sign in
              </Link>{' '}
              with the e-mail you booked with to get the QR code. A one-time code works: no password
              needed.
            </p>
            <p className="qr-box__card">{cardLink}</p>
          </div>
        ) : options.length === 0 || type === undefined ? (
          <div className="booking-section">
            <p className="booking-lead">
              {isCancelled(booking.status)
                ? 'This booking is cancelled: there is nothing to pay.'
                : awaitsOwnerPayment(booking)
                  ? 'This booking was made with another account: the person who booked pays for it.'
                  : 'Nothing is due on this booking right now.'}
            </p>
            <Link to="/booking/$id" params={{ id: String(booking.id) }}>
              Open your booking
            </Link>
          </div>
        ) : (
          <>
            {options.length > 1 && (
              <div className="booking-actions qr-types" role="group" aria-label="What to pay">
                {options.map((option) => (
                  <Button
                    key={option.type}
                    theme={option.type === type ? 'primary' : 'negative'}
                    aria-pressed={option.type === type}
                    onClick={() => setType(option.type)}
                  >
                    {`${PAYMENT_LABELS[option.type]}: ${money(option.amount)}`}
                  </Button>
                ))}
              </div>
            )}
            <QrPaymentBox booking={booking} type={type} cardLink={cardLink} />
          </>
        )}
      </section>

      <BookingSummary tour={booking.tour} date={booking.tour_date}>
        <dl className="booking-summary__lines">
          <BookingPriceLines booking={booking} />
          <SummaryLine label="Paid" value={money(booking.paid ?? 0)} />
        </dl>
      </BookingSummary>
    </div>
  );
}

function QrPaymentBox({
  booking,
  type,
  cardLink,
}: {
  booking: BookingRequest;
  type: PaymentType;
  cardLink: ReactNode;
}) {
  const api = useApi();
  const [attempt, setAttempt] = useState(0);
  // `useQuery`, not suspense: the code follows what is chosen on the page (the payment type, a
  // new attempt after expiry), and its pending and failed states are shown here, with a retry.
  const qr = useQuery(qrPaymentQuery(api, booking.id, type, attempt));
  const expired = isApiError(qr.error) && qr.error.status === 410;

  return (
    <div className="booking-section qr-box">
      {qr.data ? (
        <QrCode qr={qr.data} bookingId={booking.id} onExpired={() => setAttempt((n) => n + 1)} />
      ) : qr.isPending ? (
        <div className="qr-box__pending" role="status">
          <Spinner size="2rem" decorative /> Preparing your QR code…
        </div>
      ) : (
        <div className="qr-box__failure" role="alert">
          <p>{expired ? 'This QR code has expired.' : failureText(qr.error)}</p>
          <Button theme="primary" onClick={() => setAttempt((n) => n + 1)}>
            Get a new QR code
          </Button>
        </div>
      )}
      <p className="qr-box__card">{cardLink}</p>
    </div>
  );
}

function QrCode({
  qr,
  bookingId,
  onExpired,
}: {
  qr: QrPayment;
  bookingId: number;
  onExpired: () => void;
}) {
  const api = useApi();
  const navigate = useNavigate();
  const [now, setNow] = useState(() => Date.now());
  const left = timeLeft(qr.expires_at, now);
  const over = left === '0:00';
  // `useQuery`: a poll of the browser, until the payment is settled or the code expires.
  const status = useQuery({
    ...paymentStatusQuery(api, qr.payment_id),
    refetchInterval: over ? false : QR_STATUS_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const paid = status.data?.status === 2;
  const cancelled = status.data?.status === 3;

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (paid) void navigate({ to: '/booking/$id', params: { id: String(bookingId) } });
  }, [paid, bookingId, navigate]);

  return (
    <div className="qr-code">
      <div className="qr-code__amount">
        <span className="qr-code__label">To pay</span>
        <strong>{formatPrice(qr.amount, qr.currency)}</strong>
        <span className="qr-code__currency">{qr.currency}</span>
      </div>
      <div
        className={over || cancelled ? 'qr-code__image qr-code__image--stale' : 'qr-code__image'}
        role="img"
        aria-label="QR code of the payment"
        // The SVG is generated by `qrcode` from the API's payload: markup we made, not user input.
        dangerouslySetInnerHTML={{ __html: qr.svg }}
      />
      {over || cancelled ? (
        <div className="qr-box__failure" role="alert">
          <p>{cancelled ? 'This payment was cancelled.' : 'This QR code has expired.'}</p>
          <Button theme="primary" onClick={onExpired}>
            Get a new QR code
          </Button>
        </div>
      ) : (
        <>
          <p className="qr-code__timer" aria-live="off">
            {/* The server rendered it a moment earlier: the next tick corrects the seconds. */}
            Valid for <strong suppressHydrationWarning>{left}</strong> more
          </p>
          <ol className="qr-code__steps">
            <li>Open your banking app and choose to pay by QR code (fast payment system).</li>
            <li>Point the camera at the code, or tap it if this is your phone.</li>
            <li>Check the amount and confirm the payment in the app.</li>
          </ol>
          <p className="qr-code__waiting" role="status">
            <Spinner size="1rem" decorative /> Waiting for your payment; this page moves on by
            itself.
          </p>
          <p className="booking-note">
            <a href={qr.payload} target="_blank" rel="noreferrer">
              Open the payment page
            </a>{' '}
            if you are on your phone already.
          </p>
        </>
      )}
    </div>
  );
}
