import { Link } from '@tanstack/react-router';
import { PROJECT_NAME, organizerLinks } from '../../lib/site';
import './site-chrome.css';

export function SiteHeader({ organizerUrl }: { organizerUrl: string }) {
  return (
    <header className="site-header">
      <div className="page-container site-header__inner">
        <Link to="/" className="site-header__logo" aria-label={`${PROJECT_NAME} home`}>
          <LogoMark />
          <span>{PROJECT_NAME}</span>
        </Link>
        <a className="site-header__organizers" href={organizerLinks(organizerUrl).login}>
          For organizers
        </a>
      </div>
    </header>
  );
}

function LogoMark() {
  return (
    <svg className="site-header__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="#793DFC" />
      <path
        d="M7 22 L13 12 L17 18 L20 14 L25 22 Z"
        fill="#fff"
        strokeLinejoin="round"
        stroke="#fff"
        strokeWidth="1.5"
      />
    </svg>
  );
}
