import { Link } from '@tanstack/react-router';
import { HttpError } from '../../../../lib/http-error';
import type { ArrivalEnded, ArrivalEndReason } from '../../ended';
import '../arrival-page/arrival-page.css';

/** The ended booking an error stands for (`arrivalEndedError`), or undefined for any other. */
export function arrivalEnded(error: unknown): ArrivalEnded | undefined {
  if (!(error instanceof HttpError) || error.status !== 410) return undefined;
  const details = error.details as Partial<ArrivalEnded> | null | undefined;
  return details?.kind === 'arrival-ended' ? (details as ArrivalEnded) : undefined;
}

const ENDED_TITLES: Record<ArrivalEndReason, string> = {
  cancelled: 'This booking was cancelled',
  complete: 'This tour has already taken place',
  started: 'This tour has already started',
};

/**
 * The arrival link of a booking that can no longer change (the page's 410): why, instead of a
 * form the API would refuse to save, and the way back to the booking.
 */
export function ArrivalEndedPage({ ended }: { ended: ArrivalEnded }) {
  return (
    <div className="page-container arrival-page">
      <p className="arrival-eyebrow">Booking #{ended.requestId}</p>
      <h1 className="display-heading arrival-title">{ENDED_TITLES[ended.reason]}</h1>
      <p className="arrival-lead">
        <Link to="/$slug" params={{ slug: ended.tourSlug }}>
          {ended.tourName}
        </Link>
        : arrival and departure details can no longer be changed.
      </p>
      <Link to="/booking/uuid/$uuid" params={{ uuid: ended.uuid }}>
        Open your booking
      </Link>
    </div>
  );
}
