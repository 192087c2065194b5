import { lazy, Suspense, useState } from 'react';
import './tour-actions.css';

// The forms load when first opened: the tour page's own chunk stays small.
const ProgrammeOrderModal = lazy(() =>
  import('./programme-order-modal').then(({ ProgrammeOrderModal }) => ({
    default: ProgrammeOrderModal,
  })),
);
const FollowTourModal = lazy(() =>
  import('../tour-follow/follow-tour-modal').then(({ FollowTourModal }) => ({
    default: FollowTourModal,
  })),
);
const ComplaintModal = lazy(() =>
  import('./complaint-modal').then(({ ComplaintModal }) => ({ default: ComplaintModal })),
);

type Open = 'programme' | 'follow' | 'complaint' | undefined;

/**
 * The tour-programme order, following the tour by e-mail and the complaint form, opened from the
 * tour page's overview.
 */
export function TourActions({ tour }: { tour: { id: number; name: string } }) {
  const [open, setOpen] = useState<Open>();
  const [loaded, setLoaded] = useState<Set<Exclude<Open, undefined>>>(new Set());
  const show = (which: Exclude<Open, undefined>) => {
    setLoaded((current) => new Set(current).add(which));
    setOpen(which);
  };
  const close = () => setOpen(undefined);
  return (
    <div className="tour-actions">
      <button type="button" className="tour-actions__link" onClick={() => show('programme')}>
        Get the tour programme
      </button>
      <button type="button" className="tour-actions__link" onClick={() => show('follow')}>
        Follow this tour
      </button>
      <button type="button" className="tour-actions__link" onClick={() => show('complaint')}>
        Report a problem with this tour
      </button>
      <Suspense fallback={null}>
        {loaded.has('programme') && (
          <ProgrammeOrderModal tour={tour} isOpen={open === 'programme'} onClose={close} />
        )}
        {loaded.has('follow') && (
          <FollowTourModal tour={tour} isOpen={open === 'follow'} onClose={close} />
        )}
        {loaded.has('complaint') && (
          <ComplaintModal tour={tour} isOpen={open === 'complaint'} onClose={close} />
        )}
      </Suspense>
    </div>
  );
}
