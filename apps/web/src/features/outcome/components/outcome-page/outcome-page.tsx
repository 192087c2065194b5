import { formatPrice } from '@gallop/currency';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClassName } from '@gallop/ui-kit';
import { keepShortHyphenatedWhole } from '../../../../lib/line-breaks';
import { formatDay } from '../../../../lib/tour-format';
import { outcomeKind, type PaymentOutcome } from '../../api';
import { OUTCOME_TEXTS, refundText } from '../../texts';
import type { OutcomeTextKind } from '../../titles';
import './outcome-page.css';

const ICONS: Record<OutcomeTextKind, string> = {
  success: '✓',
  failed: '!',
  pending: '…',
  notFound: '?',
};

/**
 * Where the payment provider sends the traveller back (`/success`, `/payment-failed`). What it
 * says comes from the payment's status on the server: "Payment successful" only for a paid
 * payment, the failure for a declined or canceled one, "pending" while the bank has not answered.
 * `receipt` (the route composes it: receipts belong to the booking feature) shows after a
 * successful payment only.
 */
export function OutcomePage({
  outcome,
  receipt,
}: {
  outcome: PaymentOutcome;
  receipt?: ReactNode;
}) {
  const { payment, booking } = outcome;
  const kind = outcomeKind(payment);
  const left = Math.max(0, booking.price - booking.paid);
  const refunded = payment.refunded ?? 0;
  const bookingLink = (label: string, theme: 'primary' | 'ghost') =>
    kind === 'failed' ? (
      <Link
        to="/booking/pay/uuid/$uuid"
        params={{ uuid: booking.uuid }}
        className={buttonClassName({ theme })}
      >
        <span className="gk-button__label">{label}</span>
      </Link>
    ) : (
      <Link
        to="/booking/uuid/$uuid"
        params={{ uuid: booking.uuid }}
        className={buttonClassName({ theme })}
      >
        <span className="gk-button__label">{label}</span>
      </Link>
    );
  return (
    <OutcomeCard
      kind={kind}
      details={
        <>
          <dl className="outcome-page__details">
            <Detail label={kind === 'success' ? 'Paid' : 'Amount'}>
              {formatPrice(payment.amount, payment.currency)}
            </Detail>
            <Detail label="Booking">
              #{booking.id} · {booking.tour_name}
            </Detail>
            {booking.start && <Detail label="Start">{formatDay(booking.start)}</Detail>}
            {payment.card_last4 && <Detail label="Card">•••• {payment.card_last4}</Detail>}
            {booking.status < 5 && (
              <Detail label="Left to pay">
                {left > 0 ? formatPrice(left, booking.currency) : 'Paid in full'}
              </Detail>
            )}
          </dl>
          {refunded > 0 && (
            <p className="outcome-page__refund">
              {refundText(formatPrice(refunded, payment.currency))}
            </p>
          )}
          {kind === 'success' && receipt && <p className="outcome-page__receipt">{receipt}</p>}
        </>
      }
      primary={bookingLink(kind === 'failed' ? 'Try again' : 'Open your booking', 'primary')}
    />
  );
}

/**
 * The page for an address that names no payment, or one the API does not know or whose token is
 * wrong (answered with 404): never a success, and the ways on.
 */
export function PaymentNotFound() {
  return (
    <OutcomeCard
      kind="notFound"
      primary={
        <Link to="/bookings" className={buttonClassName({ theme: 'primary' })}>
          <span className="gk-button__label">Your bookings</span>
        </Link>
      }
    />
  );
}

function OutcomeCard({
  kind,
  details,
  primary,
}: {
  kind: OutcomeTextKind;
  details?: ReactNode;
  primary: ReactNode;
}) {
  const texts = OUTCOME_TEXTS[kind];
  return (
    <div className={`outcome-page outcome-page--${kind} page-container`} data-outcome={kind}>
      <div className="outcome-page__card">
        <span className="outcome-page__icon" aria-hidden="true">
          {ICONS[kind]}
        </span>
        <h1 className="display-heading outcome-page__title">{texts.title}</h1>
        <p className="outcome-page__lead" role={kind === 'pending' ? 'status' : undefined}>
          {keepShortHyphenatedWhole(texts.lead)}
        </p>
        {details}
        {texts.next.map((text) => (
          <p key={text} className="outcome-page__text">
            {keepShortHyphenatedWhole(text)}
          </p>
        ))}
        <div className="outcome-page__actions">
          {primary}
          <Link to="/contacts" className={buttonClassName({ theme: 'ghost' })}>
            <span className="gk-button__label">Contact support</span>
          </Link>
          <Link to="/" className={buttonClassName({ theme: 'ghost' })}>
            <span className="gk-button__label">Back home</span>
          </Link>
        </div>
      </div>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="outcome-page__detail">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
