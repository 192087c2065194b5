import { ButtonLink } from '../../../../components/button-link/button-link';
import './leaving-page.css';

export interface LeavingPageProps {
  /** The other site's address, already checked to be http(s). */
  href: string;
}

/**
 * `/redirect` for a site we do not vouch for: the visitor sees where the link goes and decides.
 * We never forward there ourselves (no open redirect).
 */
export function LeavingPage({ href }: LeavingPageProps) {
  const host = new URL(href).host;
  return (
    <div className="leaving-page page-container">
      <div className="leaving-page__card">
        <h1 className="display-heading leaving-page__title">You are leaving Gallop</h1>
        <p className="leaving-page__text">
          This link goes to <strong>{host}</strong>, a site Gallop does not run. Check the address
          before you continue, and never enter your Gallop password or card details there.
        </p>
        <p className="leaving-page__address">{href}</p>
        <div className="leaving-page__actions">
          <ButtonLink href={href} theme="primary" rel="noopener noreferrer nofollow">
            Continue to {host}
          </ButtonLink>
          <a className="leaving-page__back" href="/">
            Back to Gallop
          </a>
        </div>
      </div>
    </div>
  );
}
