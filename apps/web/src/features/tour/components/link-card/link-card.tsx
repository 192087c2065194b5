import { Button } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import type { ReactNode, RefObject } from 'react';
import { buttonClassName } from '@gallop/ui-kit';
import type { FollowingLinkClick } from './use-following-link-click';
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

/**
 * The card that asks before the link changes anything (a mail scanner opening the link must
 * change nothing): the button that does it, the way to the tour instead, and the API's refusal.
 */
export function LinkQuestionCard({
  title,
  lead,
  click,
  action,
  actionSending,
  tourSlug,
  instead,
}: {
  title: string;
  lead: ReactNode;
  click: FollowingLinkClick;
  /** The button's label, and its label while the click is sent. */
  action: string;
  actionSending: string;
  tourSlug: string;
  /** The label of the way to the tour instead. */
  instead: string;
}) {
  return (
    <LinkCard title={title} lead={lead}>
      <Button theme="primary" disabled={click.sending} onClick={click.confirm}>
        {click.sending ? actionSending : action}
      </Button>
      <TourButtonLink slug={tourSlug} theme="ghost">
        {instead}
      </TourButtonLink>
      {click.failure && (
        <p className="link-card__failure" role="alert">
          {click.failure}
        </p>
      )}
    </LinkCard>
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
    <Link to="/$slug" params={{ slug }} className={buttonClassName({ theme })}>
      <span className="gk-button__label">{children}</span>
    </Link>
  );
}

/** A link that does not work: what to do instead, and the way home. */
export function BrokenLinkCard({ lead }: { lead: string }) {
  return (
    <LinkCard title="This link does not work" lead={lead}>
      <Link to="/" className={buttonClassName({ theme: 'primary' })}>
        <span className="gk-button__label">Back home</span>
      </Link>
    </LinkCard>
  );
}
