import '@gallop/ui-kit/styles.css';
import '../styles/base.css';
import {
  HeadContent,
  Scripts,
  createRootRouteWithContext,
  useRouter,
  type AnyRouteMatch,
} from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { getErrorContent } from '../features/errors/error-content';
import { ErrorPage } from '../features/errors/components/error-page/error-page';
import { getErrorStatus } from '../features/errors/http-error';
import { PROJECT_NAME, pageTitle } from '../lib/site';
import type { RouterContext } from '../router';
import { SiteFooter } from './-components/site-footer';
import { SiteHeader } from './-components/site-header';

export const Route = createRootRouteWithContext<RouterContext>()({
  head: ({ matches }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#793DFC' },
      // Routes set their own title; this one stands for error pages and routes without one.
      { title: pageTitle(errorTitle(matches) ?? PROJECT_NAME) },
    ],
    links: [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }],
  }),
  shellComponent: RootDocument,
  notFoundComponent: () => <ErrorPage status={404} />,
  errorComponent: ({ error }) => <ErrorPage status={getErrorStatus(error)} />,
});

/** The title of the error page a failed or not-found match will show, if any. */
function errorTitle(matches: ReadonlyArray<AnyRouteMatch>): string | undefined {
  for (const match of matches) {
    if (match.status === 'notFound' || match._notFound) return getErrorContent(404).title;
    if (match.status === 'error') return getErrorContent(getErrorStatus(match.error)).title;
  }
  return undefined;
}

/** The whole document: the shell also wraps the error and not-found pages. */
function RootDocument({ children }: { children: ReactNode }) {
  const router = useRouter();
  // Marks the document once React has taken over (end-to-end tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang="en">
      <head>
        <HeadContent />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <div className="site-layout">
          <SiteHeader organizerUrl={router.options.context.site.organizerUrl} />
          <main id="main" className="site-main">
            {children}
          </main>
          <SiteFooter />
        </div>
        <Scripts />
      </body>
    </html>
  );
}
