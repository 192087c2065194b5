import { CurrencyProvider } from '@gallop/currency/react';
import { Provider as JotaiProvider } from 'jotai';
import { useCallback, type ReactNode } from 'react';
import { useApi } from '../../../../lib/api';
import { afterHydration, lazyComponent } from '../../../../lib/lazy-component';
import { hasSession } from '../../../../lib/session-tokens';
import { useSiteInfo } from '../../../../lib/site-info';
import type { VisitorPreferences } from '../../../../lib/visitor';
import { SiteHeader } from '../site-header/site-header';
import './app-chrome.css';

// Nothing to show until the visitor navigates or scrolls: loaded after hydration.
const NavigationProgress = afterHydration(() =>
  import('./after-hydration').then((parts) => parts.NavigationProgress),
);
const ScrollToTop = afterHydration(() =>
  import('./after-hydration').then((parts) => parts.ScrollToTop),
);
// Below the fold and links only: in the server's page at once, hydrated when its chunk arrives.
const SiteFooter = lazyComponent(() =>
  import('../site-footer/site-footer').then(({ SiteFooter }) => SiteFooter),
);
// The chunk loads while the page hydrates (not before): the footer is then most often ready when
// React reaches it, and hydrates with the rest instead of in a pass of its own.
if (typeof document !== 'undefined') SiteFooter.preload().catch(() => undefined);
// Shown until the visitor dismisses it, and then never again (the server reads the cookie): in
// the server's page when shown, hydrated from its own chunk, and in no returning visitor's load.
const CookieNotice = lazyComponent(() =>
  import('../cookie-notice/cookie-notice').then(({ CookieNotice }) => CookieNotice),
);

export interface AppChromeProps {
  organizerUrl: string;
  visitor: VisitorPreferences;
  /** The traveller's sign-in link or name in the header (the account feature's). */
  accountMenu?: ReactNode;
  /** 'Messages' in the header (the chat feature's). */
  messagesLink?: ReactNode;
  /** The signed-in user runs tours: the header leads to their bookings, not to signing up. */
  organizerSignedIn?: boolean;
  /** Effects of the signed-in session (favourites sync), inside the page's jotai store. */
  sessionEffects?: ReactNode;
  children: ReactNode;
}

/**
 * Everything around a page: client state (a jotai store per request on the server), the
 * visitor's currency, the header and footer, the loading bar, 'Back to top' and the cookie alert.
 */
export function AppChrome(props: AppChromeProps) {
  return (
    <JotaiProvider>
      <ChromeWithCurrency {...props} />
    </JotaiProvider>
  );
}

function ChromeWithCurrency({
  organizerUrl,
  visitor,
  accountMenu,
  messagesLink,
  organizerSignedIn,
  sessionEffects,
  children,
}: AppChromeProps) {
  const info = useSiteInfo();
  const currencies = info?.currencies ?? [];
  const api = useApi();
  // A signed-in traveller's choice is saved on the server too (docs/product.md, States,
  // "Currency").
  const saveOnServer = useCallback(
    async (currency: string) => {
      if (!hasSession(api)) return;
      try {
        await api.POST('/crm/api/user/set-currency', { body: { currency_code: currency } });
      } catch (error) {
        // The cookie holds the choice either way; the account keeps its previous one.
        console.warn('Currency: the server did not save the choice', error);
      }
    },
    [api],
  );
  return (
    <CurrencyProvider
      initialChoice={visitor.currencyChoice}
      localeCurrency={visitor.defaultCurrency}
      available={currencies.length > 0 ? currencies : undefined}
      saveOnServer={saveOnServer}
    >
      {sessionEffects}
      <NavigationProgress />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* Early in the page, though shown at the bottom: the keyboard reaches its button right
          after the skip link, not after every link of the page. Dismissed: nothing to show, and
          no chunk to load. */}
      {visitor.cookieAlertDismissed ? null : <CookieNotice />}
      <div className="site-layout">
        <SiteHeader
          organizerUrl={organizerUrl}
          currencies={currencies}
          accountMenu={accountMenu}
          messagesLink={messagesLink}
          organizerSignedIn={organizerSignedIn}
        />
        <main id="main" className="site-main">
          {children}
        </main>
        <SiteFooter />
      </div>
      <ScrollToTop />
    </CurrencyProvider>
  );
}
