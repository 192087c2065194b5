import { BookingEndedPage } from '../../features/booking/components/booking-ended/booking-ended';
import { bookingEnded } from '../../features/booking/ended';
import { ErrorPage } from '../../features/errors/components/error-page/error-page';
import { PaymentNotFound } from '../../features/outcome/components/outcome-page/outcome-page';
import { isPaymentNotFound } from '../../features/outcome/not-found';
import { useStaleBuildReload } from '../../features/shell/use-stale-build-reload';
import { GoneTourAlternatives } from '../../features/tour/components/gone-tour/gone-tour';
import { goneTour } from '../../features/tour/gone-tour';
import { getErrorStatus, HttpError } from '../../lib/http-error';

/**
 * The error page of a failed route: the page chosen by the error's status. A chunk of an older
 * build that no longer exists (after a deploy) reloads the page instead (docs/product.md, States).
 * The payment outcome pages' 404 says "We could not find this payment" and where to go; the 410
 * of an add-riders page or arrival link whose booking can no longer change says why.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  useStaleBuildReload(error);
  if (isPaymentNotFound(error)) return <PaymentNotFound />;
  const ended = bookingEnded(error);
  if (ended) return <BookingEndedPage ended={ended} />;
  const status = getErrorStatus(error);
  // A tour whose dates have passed: the 410 page offers its organizer's and similar tours.
  const gone = status === 410 && error instanceof HttpError ? goneTour(error.details) : undefined;
  return (
    <ErrorPage status={status}>
      {gone ? (
        // In the page's column, in line with the header: the lists ran edge to edge without it.
        <div className="page-container">
          <GoneTourAlternatives gone={gone} />
        </div>
      ) : null}
    </ErrorPage>
  );
}

/** The 404 page of an address no route takes, or of a loader's `notFound()`. */
export function NotFoundPage() {
  return <ErrorPage status={404} />;
}
