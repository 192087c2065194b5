import { Link } from '@tanstack/react-router';
import type { ReactNode, RefObject } from 'react';
import { buttonLinkClassName } from '../../../../components/button-link/button-link';
import './link-card.css';

/**
 * The page of a link from a tour's e-mails (`/follow`, `/unfollow`): one card with what the link
 * does, its buttons, and room for a failure. `headingRef` takes focus when the card changes.
 */
export function LinkCard({
  title,
  lead,
  headingRef,
  children,
}: {
  title: string;
  lead: ReactNode;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <div className="page-container link-card">
      <section className="link-card__card" aria-labelledby="link-card-title">
        <h1 ref={headingRef} id="link-card-title" className="link-card__title" tabIndex={-1}>
          {title}
        </h1>
        <p className="link-card__lead">{lead}</p>
        <div className="link-card__actions">{children}</div>
      </section>
    </div>
  );
}

/** The way back to the tour, as a button. */
export function TourButtonLink({
  slug,
  theme,
  children,
}: {
  slug: string;
  theme: 'primary' | 'ghost';
  children: string;
}) {
  return (
    <Link to="/$slug" params={{ slug }} className={buttonLinkClassName({ theme })}>
      <span className="gk-button__label">{children}</span>
    </Link>
  );
}

/** A link that does not work: what to do instead, and the way home. */
export function BrokenLinkCard({ lead }: { lead: string }) {
  return (
    <LinkCard title="This link does not work" lead={lead}>
      <Link to="/" className={buttonLinkClassName({ theme: 'primary' })}>
        <span className="gk-button__label">Back home</span>
      </Link>
    </LinkCard>
  );
}

/** A failure under the card's buttons. */
export function LinkCardFailure({ children }: { children: ReactNode }) {
  return (
    <p className="link-card__failure" role="alert">
      {children}
    </p>
  );
}
