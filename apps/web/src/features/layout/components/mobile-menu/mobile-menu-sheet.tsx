import { Sheet } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { buttonClassName } from '@gallop/ui-kit';
import { ButtonLink } from '../../../../components/button-link/button-link';
import { MAIN_NAVIGATION, ORGANIZER_AREA, organizerNavigation } from '../../navigation';

export interface MobileMenuSheetProps {
  organizerUrl: string;
  organizerSignedIn?: boolean;
  onClose: () => void;
}

export default function MobileMenuSheet({
  organizerUrl,
  organizerSignedIn = false,
  onClose,
}: MobileMenuSheetProps) {
  const [login, register] = organizerNavigation(organizerUrl);
  return (
    <Sheet isOpen onClose={onClose} title="Menu">
      <nav className="mobile-menu__nav" aria-label="Main">
        <ul>
          {MAIN_NAVIGATION.map((item) => (
            <li key={item.href}>
              <a href={item.href}>{item.label}</a>
            </li>
          ))}
          <li>
            <a href="/favorites">Favourites</a>
          </li>
          <li>
            <a href="/rider-passport">Rider passport</a>
          </li>
        </ul>
      </nav>
      <div className="mobile-menu__organizers">
        <p>For tour providers</p>
        {organizerSignedIn ? (
          <Link
            to={ORGANIZER_AREA.href}
            className={buttonClassName({ theme: 'primary', block: true })}
            onClick={onClose}
          >
            <span className="gk-button__label">{ORGANIZER_AREA.label}</span>
          </Link>
        ) : (
          <ButtonLink theme="primary" block href={register.href}>
            {register.label}
          </ButtonLink>
        )}
        <ButtonLink block href={login.href}>
          {login.label}
        </ButtonLink>
      </div>
    </Sheet>
  );
}
