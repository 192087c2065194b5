import { Sheet } from '@gallop/ui-kit';
import { ButtonLink } from '../../../../components/button-link/button-link';
import { MAIN_NAVIGATION, organizerNavigation } from '../../navigation';

export interface MobileMenuSheetProps {
  organizerUrl: string;
  onClose: () => void;
}

export default function MobileMenuSheet({ organizerUrl, onClose }: MobileMenuSheetProps) {
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
        <ButtonLink theme="primary" block href={register.href}>
          {register.label}
        </ButtonLink>
        <ButtonLink block href={login.href}>
          {login.label}
        </ButtonLink>
      </div>
    </Sheet>
  );
}
