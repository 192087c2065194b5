import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClassName } from '@gallop/ui-kit';
import { ButtonLink } from '../../../../components/button-link/button-link';
import { useFavouriteTourIds } from '../../../../lib/favourites';
import { PROJECT_NAME } from '../../../../lib/site';
import { MAIN_NAVIGATION, ORGANIZER_AREA, organizerNavigation } from '../../navigation';
import { CurrencySwitcher } from '../currency-switcher/currency-switcher';
import { HeartIcon, HorseshoeIcon, LogoMark } from '../icons';
import { MobileMenu } from '../mobile-menu/mobile-menu';
import './site-header.css';

export interface SiteHeaderProps {
  organizerUrl: string;
  currencies: readonly string[];
  /** The traveller's account entry (sign-in link or name). */
  accountMenu?: ReactNode;
  /** 'Messages' with the unread count, for a signed-in traveller (the chat feature's). */
  messagesLink?: ReactNode;
  /**
   * A signed-in organizer: 'Your tour bookings' takes the place of 'Become a provider' (they are
   * one), in the header and the menu.
   */
  organizerSignedIn?: boolean;
}

/**
 * Logo, the main sections, the currency, the rider passport, favourites, the traveller's account
 * and 'Become a provider' (a signed-in organizer's 'Your tour bookings'). On phones the sections, the passport and the organizer links move into
 * a menu sheet.
 */
export function SiteHeader({
  organizerUrl,
  currencies,
  accountMenu,
  messagesLink,
  organizerSignedIn = false,
}: SiteHeaderProps) {
  // The providers' login is on the landing and in the menu: next to the travellers' 'Sign in' it
  // would read as the same thing.
  const [, register] = organizerNavigation(organizerUrl);
  return (
    <header className="site-header">
      <div className="page-container site-header__inner">
        <Link to="/" className="site-logo" aria-label={`${PROJECT_NAME} home`}>
          <LogoMark />
          <span className="site-logo__name">{PROJECT_NAME}</span>
        </Link>
        <nav className="site-header__nav" aria-label="Main">
          <ul>
            {MAIN_NAVIGATION.map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__tools">
          <CurrencySwitcher currencies={currencies} />
          <Link
            to="/rider-passport"
            className="site-header__icon-link site-header__wide-only"
            aria-label="Rider passport"
            title="Rider passport"
          >
            <HorseshoeIcon />
          </Link>
          <FavouritesLink />
          {messagesLink}
          {accountMenu}
          {organizerSignedIn ? (
            <Link
              to={ORGANIZER_AREA.href}
              className={`${buttonClassName({ theme: 'primary', size: 'sm' })} site-header__wide-only site-header__register`}
            >
              <span className="gk-button__label">{ORGANIZER_AREA.label}</span>
            </Link>
          ) : (
            <ButtonLink
              theme="primary"
              size="sm"
              className="site-header__wide-only site-header__register"
              href={register.href}
            >
              {register.label}
            </ButtonLink>
          )}
          <MobileMenu organizerUrl={organizerUrl} organizerSignedIn={organizerSignedIn} />
        </div>
      </div>
    </header>
  );
}

/** The favourites page with how many tours the visitor has saved (guest list from the cookie). */
function FavouritesLink() {
  const count = useFavouriteTourIds().length;
  return (
    <Link
      to="/favorites"
      className="site-header__icon-link"
      aria-label={count > 0 ? `Favourites (${count})` : 'Favourites'}
    >
      <span className="site-header__icon">
        <HeartIcon />
        {count > 0 && (
          <span className="site-header__count" aria-hidden="true">
            {count}
          </span>
        )}
      </span>
      <span className="site-header__wide-only site-header__favourites-label">Favourites</span>
    </Link>
  );
}
