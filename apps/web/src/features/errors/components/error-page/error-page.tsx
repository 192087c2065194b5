import { Button, type ErrorContact, ErrorView } from '@gallop/ui-kit';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { plainSupportLinks, supportLinks } from '../../../../lib/contacts';
import { useSiteInfo } from '../../../../lib/site-info';
import './error-page.css';

export interface ErrorPageProps {
  /**
   * HTTP status the page stands for; ui-kit's ErrorView picks the texts (docs/product.md, Screens).
   */
  status: number;
  /**
   * Support contacts for the 503 page; by default the site's from the API, else the web
   * server's own (`SUPPORT_PHONE`, `SUPPORT_EMAIL`).
   */
  contacts?: readonly ErrorContact[];
  /** Where to go instead, under the texts (a gone tour's alternatives on the 410 page). */
  children?: ReactNode;
}

/**
 * The error page of every route: 404 with 'Back home', 403, 410, 503 with the main phone, email
 * and messenger buttons (from `/spa/info`, or the last answer the server saw, or, while the API
 * has not answered since the server started, the server's own `SUPPORT_PHONE` and
 * `SUPPORT_EMAIL`), and 'Internal Error' for anything else.
 */
export function ErrorPage({ status, contacts, children }: ErrorPageProps) {
  const info = useSiteInfo();
  const router = useRouter();
  const links =
    contacts ??
    (info
      ? supportLinks(info.contacts, info.messengers)
      : plainSupportLinks(router.options.context.site?.supportContacts));
  // 'Back home' is a plain link, so it works before hydration; once hydrated it navigates in
  // the app instead of loading the page again.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (link.getAttribute('href') !== '/') return;
    event.preventDefault();
    void router.navigate({ to: '/' });
  };
  return (
    <div className="error-page" data-status={status} onClick={onClick}>
      <ErrorView status={status} contacts={status === 503 ? links : []}>
        {status === 503 ? (
          <Button theme="primary" onClick={() => window.location.reload()}>
            Refresh the page
          </Button>
        ) : null}
      </ErrorView>
      {children}
    </div>
  );
}
