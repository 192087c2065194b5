import { CookieAlert } from '@gallop/ui-kit';
import { useState } from 'react';
import { cookieAlertDismissedCookie } from '../../../../lib/visitor';
import { useLinkablePage } from '../../../../lib/legal-pages';

/**
 * The cookie alert until the visitor dismisses it; the dismissal is kept 180 days in a cookie
 * the server reads too, so a dismissed alert never flashes on the next page load. It links the
 * cookie policy once one is published.
 */
export function CookieNotice() {
  const [open, setOpen] = useState(true);
  const withPolicy = useLinkablePage()('/cookie-policy');
  return (
    <CookieAlert
      isOpen={open}
      onDismiss={() => {
        document.cookie = cookieAlertDismissedCookie(window.location.protocol === 'https:');
        setOpen(false);
      }}
    >
      We use cookies to remember your currency and choices.
      {withPolicy ? (
        <>
          {' '}
          See our <a href="/cookie-policy">cookie policy</a>.
        </>
      ) : null}
    </CookieAlert>
  );
}
