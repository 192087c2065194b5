import { Link, useLocation } from '@tanstack/react-router';
import { buttonLinkClassName } from '../../../../components/button-link/button-link';
import { OUTCOME_TEXTS, type PaymentOutcome } from '../../texts';
import './outcome-page.css';

/** The page the payment provider sends the traveller back to. */
export function OutcomePage({ outcome }: { outcome: PaymentOutcome }) {
  const texts = OUTCOME_TEXTS[outcome];
  const bookingId = bookingIdOf(useLocation().search);
  return (
    <div className={`outcome-page outcome-page--${outcome} page-container`}>
      <div className="outcome-page__card">
        <span className="outcome-page__icon" aria-hidden="true">
          {outcome === 'success' ? '✓' : '!'}
        </span>
        <h1 className="display-heading outcome-page__title">{texts.title}</h1>
        <p className="outcome-page__lead">{texts.lead}</p>
        {texts.next.map((text) => (
          <p key={text} className="outcome-page__text">
            {text}
          </p>
        ))}
        <div className="outcome-page__actions">
          {bookingId && (
            <Link
              to={outcome === 'success' ? '/booking/$id' : '/booking/pay/$id'}
              params={{ id: bookingId }}
              className={buttonLinkClassName({ theme: 'primary' })}
            >
              <span className="gk-button__label">
                {outcome === 'success' ? 'Open your booking' : 'Try again'}
              </span>
            </Link>
          )}
          <Link
            to="/contacts"
            className={buttonLinkClassName({
              theme: outcome === 'failed' && !bookingId ? 'primary' : 'ghost',
            })}
          >
            <span className="gk-button__label">Contact support</span>
          </Link>
          <Link
            to="/"
            className={buttonLinkClassName({
              theme: outcome === 'success' && !bookingId ? 'primary' : 'ghost',
            })}
          >
            <span className="gk-button__label">Back home</span>
          </Link>
        </div>
      </div>
    </div>
  );
}

/** The provider sends the traveller back with `?request_id=`: the booking the payment was for. */
function bookingIdOf(search: Record<string, unknown>): string | undefined {
  const id = String(search.request_id ?? '');
  return /^\d{1,9}$/.test(id) ? id : undefined;
}
