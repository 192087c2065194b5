import { Link, useRouterState } from '@tanstack/react-router';
import {
  forgetTourSelectionToken,
  requestIdOfSelectionToken,
  useStoredTourSelectionToken,
} from '../../../../lib/tour-selection-token';
import './tour-selection-bar.css';

/**
 * Tour-selection mode across the site: while this browser holds a selection's token, every page
 * but the selection itself offers the way back to it, and a way to leave the mode.
 */
export function TourSelectionBar() {
  const token = useStoredTourSelectionToken();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  if (!token || pathname === '/tour-selection') return null;
  const requestId = requestIdOfSelectionToken(token);
  return (
    <aside className="tour-selection-bar" aria-label="Tour selection">
      <p className="tour-selection-bar__text">
        Tours were selected for your booking request{requestId ? ` #${requestId}` : ''}.
      </p>
      <Link to="/tour-selection" className="tour-selection-bar__link">
        See the selection
      </Link>
      <button
        type="button"
        className="tour-selection-bar__leave"
        onClick={() => forgetTourSelectionToken(window.localStorage)}
      >
        Leave selection
      </button>
    </aside>
  );
}
