import '@gallop/ui-kit/styles.css';
import '../styles/base.css';
import {
  HeadContent,
  Scripts,
  createRootRouteWithContext,
  redirect,
  useRouter,
  type AnyRouteMatch,
} from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { SiteUiDefaults } from '../components/site-ui-defaults/site-ui-defaults';
import { AccountMenu } from '../features/account/components/account-menu/account-menu';
import { prefetchProfile, useSession } from '../features/account/session';
import { ShellEffects } from '../features/shell/components/shell-effects/shell-effects';
import { errorTitle } from '../features/errors/error-title';
import { prefetchShellData } from '../features/layout/api';
import { AppChrome } from '../features/layout/components/app-chrome/app-chrome';
import { clientLocale } from '../lib/api';
import { runtimeConfigMeta } from '../lib/runtime-config-meta';
import { mayBeInTourSelectionMode } from '../lib/tour-selection-token-format';
import { getErrorStatus } from '../lib/http-error';
import { localeRedirect } from '../features/shell/locale-path';
import { whenIdle } from '../features/shell/when-idle';
import { afterHydration, lazyComponent } from '../lib/lazy-component';
import { PROJECT_NAME, pageTitle } from '../lib/site';
import { WeightUnitProvider } from '../lib/weight-unit';
import type { RouterContext } from '../router';
import { NotFoundPage, preloadErrorPages } from './-error/lazy-error-pages';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Locale routing on every navigation (docs/product.md, Routes): a path of another locale moves
  // (301).
  beforeLoad: ({ location, context }) => {
    const href = localeRedirect(location, context.locale);
    if (href !== undefined) throw redirect({ href, statusCode: 301 });
  },
  // The shell's data (currencies, contacts, socials); it never fails, so error pages render too.
  // With a stored session the profile too, so the header shows the traveller from the first paint.
  loader: ({ context }) =>
    Promise.all([
      prefetchShellData(context.queryClient, context.api),
      prefetchProfile(context.queryClient, context.api),
    ]),
  head: ({ matches, match }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#793DFC' },
      // The browser's API base and socket URL, read before its API client exists.
      ...optional(runtimeConfigMeta(match.context.site)),
      // Routes set their own title; this one stands for error pages and routes without one.
      { title: pageTitle(failedMatchTitle(matches) ?? PROJECT_NAME) },
    ],
    links: [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }],
  }),
  shellComponent: RootDocument,
  notFoundComponent: NotFoundPage,
  // Errors: the router's defaultErrorComponent (src/router.tsx), for this route as for the others.
});

const optional = <T,>(value: T | undefined): T[] => (value === undefined ? [] : [value]);

/** The title of the error page a failed or not-found match will show, if any. */
function failedMatchTitle(matches: ReadonlyArray<AnyRouteMatch>): string | undefined {
  for (const match of matches) {
    if (match.status === 'notFound' || match._notFound) return errorTitle(404);
    if (match.status === 'error') return errorTitle(getErrorStatus(match.error));
  }
  return undefined;
}

/** The whole document: the shell also wraps the error and not-found pages. */
function RootDocument({ children }: { children: ReactNode }) {
  const { site, locale, visitor } = useRouter().options.context;
  const { user } = useSession();
  useEffect(() => {
    // Marks the document once React has taken over (end-to-end tests wait for it).
    document.documentElement.dataset.hydrated = 'true';
    // A failure on a later page then shows its error page at once (see ./-error), and a sign-in
    // shows 'Messages' at once.
    whenIdle(
      () => void Promise.all([preloadErrorPages(), MessagesLink.preload()]).catch(() => undefined),
    );
  }, []);
  return (
    <html lang={clientLocale(locale).iso}>
      <head>
        <HeadContent />
      </head>
      <body>
        <SiteUiDefaults>
          <AppChrome
            organizerUrl={site.organizerUrl}
            visitor={visitor}
            accountMenu={<AccountMenu />}
            messagesLink={<SignedInMessagesLink />}
            organizerSignedIn={user?.role === 'organizer'}
            sessionEffects={
              <>
                <SessionEffects />
                <SignedInChat />
              </>
            }
          >
            <TourSelectionMode />
            <VisitorPassportSync />
            <WeightUnitProvider>{children}</WeightUnitProvider>
          </AppChrome>
        </SiteUiDefaults>
        <ShellEffects />
        <Scripts />
      </body>
    </html>
  );
}

// The favourites sync at sign-in renders nothing and waits for a signed-in user: its code loads
// after hydration, not with every page's first load (.size-limit.js).
const SessionEffects = afterHydration(() =>
  import('../features/account/components/session-effects/session-effects').then(
    ({ SessionEffects }) => SessionEffects,
  ),
);

// The visitor's rider passport, loaded once for every card and the tour page after hydration
// (the server's page is the same for every visitor).
const VisitorPassportSync = afterHydration(() =>
  import('../components/visitor-passport-sync/visitor-passport-sync').then(
    ({ VisitorPassportSync }) => VisitorPassportSync,
  ),
);

// Tour-selection mode's bar loads only in a browser holding a selection's token (decision 102).
const TourSelectionBar = lazy(() =>
  import('../features/tour-selection/components/tour-selection-bar/tour-selection-bar').then(
    ({ TourSelectionBar }) => ({ default: TourSelectionBar }),
  ),
);

function TourSelectionMode() {
  const [maybe, setMaybe] = useState(false);
  useEffect(() => {
    // After hydration (the server knows no browser storage); another tab may enter the mode too.
    const check = () => setMaybe((known) => known || mayBeInTourSelectionMode());
    check();
    window.addEventListener('storage', check);
    return () => window.removeEventListener('storage', check);
  }, []);
  if (!maybe) return null;
  return (
    <Suspense fallback={null}>
      <TourSelectionBar />
    </Suspense>
  );
}

// The chat's realtime client loads after hydration, for signed-in users only: it is no part of
// anyone's first load (.size-limit.js).
const ChatRealtime = lazy(() =>
  import('../features/chat/realtime').then(({ ChatRealtime }) => ({ default: ChatRealtime })),
);

/**
 * The chat's socket, counters and tab alerts, for a signed-in user (docs/product.md, States,
 * "Chat").
 */
function SignedInChat() {
  const { user } = useSession();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!user || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ChatRealtime userId={user.id} />
    </Suspense>
  );
}

// 'Messages' is in a signed-in traveller's header only: the server renders it with the page and the
// browser hydrates it from a chunk of its own, so a guest's first load does not carry it.
const MessagesLink = lazyComponent(() =>
  import('../features/chat/components/messages-link/messages-link').then(
    ({ MessagesLink }) => MessagesLink,
  ),
);

function SignedInMessagesLink() {
  const { user } = useSession();
  return user ? <MessagesLink signedIn /> : null;
}
