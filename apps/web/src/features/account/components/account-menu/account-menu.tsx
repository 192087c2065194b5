import { Link } from '@tanstack/react-router';
import { profileHasEmptyFields } from '../../profile';
import { useSession } from '../../session';
import './account-menu.css';

function UserIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * The traveller's entry in the header: 'Sign in' for guests, their first name (to the settings)
 * once signed in. The server renders the same thing, as it fetched the profile too.
 */
export function AccountMenu() {
  const { user } = useSession();
  if (!user) {
    return (
      <Link to="/login" className="account-menu__link" aria-label="Sign in">
        <UserIcon />
        <span className="account-menu__label">Sign in</span>
      </Link>
    );
  }
  const name = user.first_name || user.email || 'Account';
  // A profile with empty fields: the settings page asks to complete it, the header points there.
  const incomplete = profileHasEmptyFields(user);
  return (
    <Link
      to="/settings"
      className="account-menu__link"
      aria-label={`Account settings (${name})${incomplete ? ': complete your profile' : ''}`}
    >
      <span
        className={`account-menu__avatar${incomplete ? ' account-menu__avatar--incomplete' : ''}`}
        aria-hidden="true"
      >
        {name.slice(0, 1).toUpperCase()}
      </span>
      <span className="account-menu__label">{name}</span>
    </Link>
  );
}
