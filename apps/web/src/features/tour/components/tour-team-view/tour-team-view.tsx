import { lazy, Suspense } from 'react';
import { useStaffPermissions } from '../../../../lib/staff-permissions';

// Only team members download the panel; travellers never do.
const TeamViewPanel = lazy(() => import('./team-view-panel'));

/**
 * The private side of a tour for a signed-in team member whose session the back office marked
 * (`adm_auth`) and who may view private data (docs/product.md, Roles). Nothing for anyone else, and
 * nothing in the server's HTML: permissions are read in the browser.
 */
export function TourTeamView({ tourId }: { tourId: number }) {
  const { canViewPrivateData } = useStaffPermissions();
  if (!canViewPrivateData) return null;
  return (
    <Suspense fallback={null}>
      <TeamViewPanel tourId={tourId} />
    </Suspense>
  );
}
