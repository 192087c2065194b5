import { FIT_LABELS, type RiderFit } from '@gallop/rider-fit';
import { FitIndicator } from '@gallop/ui-kit';
import './rider-fit-details.css';

const RIDER_LABELS = { fits: 'Fits' } as const;

/**
 * A fit with every reason: one reason reads as the indicator's line, several are listed under
 * it, the most important first, each with its own verdict.
 */
export function RiderFitDetails({
  fit,
  ofRider = false,
}: {
  fit: RiderFit;
  /** Of a booking's rider, not the reader: "Fits", not "Fits you" (the reasons name them). */
  ofRider?: boolean;
}) {
  const several = fit.reasons.length > 1;
  return (
    <div className="rider-fit-details">
      <FitIndicator
        verdict={fit.verdict}
        reason={several ? null : fit.reason}
        labels={ofRider ? RIDER_LABELS : undefined}
      />
      {several && (
        <ul className="rider-fit-details__reasons">
          {fit.reasons.map((reason) => (
            <li
              key={reason.check}
              className="rider-fit-details__reason"
              data-verdict={reason.verdict}
            >
              <strong className="rider-fit-details__verdict">{FIT_LABELS[reason.verdict]}:</strong>{' '}
              {reason.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
