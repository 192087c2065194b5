import { lazy, Suspense, useState } from 'react';
import { MenuIcon } from '../icons';
import './mobile-menu.css';

// The sheet (react-aria) loads on the first tap, not with every page.
const MobileMenuSheet = lazy(() => import('./mobile-menu-sheet'));

/** The menu button of phones and tablets; the sheet holds the sections and organizer links. */
export function MobileMenu({
  organizerUrl,
  organizerSignedIn = false,
}: {
  organizerUrl: string;
  /** A signed-in organizer sees 'Your tour bookings' instead of 'Become a provider'. */
  organizerSignedIn?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="mobile-menu__button"
        aria-label="Menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MobileMenuSheet
            organizerUrl={organizerUrl}
            organizerSignedIn={organizerSignedIn}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
