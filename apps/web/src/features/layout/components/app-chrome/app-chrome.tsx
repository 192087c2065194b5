import { CurrencyProvider } from '@gallop/currency/react';
import { ScrollToTop } from '@gallop/ui-kit';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { useSiteInfo } from '../../../../lib/site-info';
import type { VisitorPreferences } from '../../../../lib/visitor';
import { CookieNotice } from '../cookie-notice/cookie-notice';
import { NavigationProgress } from '../navigation-progress/navigation-progress';
import { SiteFooter } from '../site-footer/site-footer';
import { SiteHeader } from '../site-header/site-header';
import './app-chrome.css';

export interface AppChromeProps {
  organizerUrl: string;
  visitor: VisitorPreferences;
  children: ReactNode;
}

/**
 * Everything around a page: client state (a jotai store per request on the server), the
 * visitor's currency, the header and footer, the loading bar, 'Back to top' and the cookie alert.
 */
export function AppChrome({ organizerUrl, visitor, children }: AppChromeProps) {
  return (
    <JotaiProvider>
      <ChromeWithCurrency organizerUrl={organizerUrl} visitor={visitor}>
        {children}
      </ChromeWithCurrency>
    </JotaiProvider>
  );
}

function ChromeWithCurrency({ organizerUrl, visitor, children }: AppChromeProps) {
  const info = useSiteInfo();
  const currencies = info?.currencies ?? [];
  return (
    <CurrencyProvider
      initialChoice={visitor.currencyChoice}
      available={currencies.length > 0 ? currencies : undefined}
    >
      <NavigationProgress />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-layout">
        <SiteHeader organizerUrl={organizerUrl} currencies={currencies} />
        <main id="main" className="site-main">
          {children}
        </main>
        <SiteFooter />
      </div>
      <ScrollToTop />
      <CookieNotice dismissed={visitor.cookieAlertDismissed} />
    </CurrencyProvider>
  );
}
