import { Button } from '@gallop/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { buttonLinkClassName } from '../../../../components/button-link/button-link';
import { useApi } from '../../../../lib/api';
import { useSend } from '../../../../lib/use-send';
import { unfollowTour, type TourFollowing } from '../../unfollow';
import './unfollow-page.css';

export interface UnfollowPageProps {
  token: string;
  following: TourFollowing;
}

/**
 * `/unfollow?token=…`, the link of the e-mails to a tour's followers: it asks before it stops
 * them (a mail scanner opening the link must not unfollow anyone), then says it is done, with the
 * way back to the tour.
 */
export function UnfollowPage({ token, following }: UnfollowPageProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const stop = useSend<void>();
  const heading = useRef<HTMLHeadingElement>(null);
  // The button gives way to the confirmation: focus follows, so keyboard users are not lost.
  useEffect(() => {
    if (stop.done) heading.current?.focus();
  }, [stop.done]);
  const { tour, email } = following;
  const tourLink = (theme: 'primary' | 'ghost', label: string) => (
    <Link to="/$slug" params={{ slug: tour.slug }} className={buttonLinkClassName({ theme })}>
      <span className="gk-button__label">{label}</span>
    </Link>
  );
  if (stop.done || !following.following) {
    return (
      <UnfollowCard
        headingRef={heading}
        title={`You will no longer get e-mails about ${tour.name}`}
        lead={
          <>
            We will not write to <strong>{email}</strong> about new dates of this tour. Changed your
            mind? Follow it again from its page.
          </>
        }
      >
        {tourLink('primary', `Back to ${tour.name}`)}
      </UnfollowCard>
    );
  }
  return (
    <UnfollowCard
      title={`Stop e-mails about ${tour.name}?`}
      lead={
        <>
          We write to <strong>{email}</strong> when this tour gets new dates.
        </>
      }
    >
      <Button
        theme="primary"
        disabled={stop.sending}
        onClick={() => void stop.send(() => unfollowTour(api, queryClient, token))}
      >
        {stop.sending ? 'Stopping…' : 'Stop e-mails'}
      </Button>
      {tourLink('ghost', 'Keep them')}
      {stop.failure && (
        <p className="unfollow-page__failure" role="alert">
          {stop.failure}
        </p>
      )}
    </UnfollowCard>
  );
}

/** A link the API did not sign, or cut short by the mail program: what to do instead. */
export function UnfollowLinkError() {
  return (
    <UnfollowCard
      title="This link does not work"
      lead="The link to stop e-mails about a tour is incomplete or was changed. Open it again from the e-mail, copying the whole address if needed."
    >
      <Link to="/" className={buttonLinkClassName({ theme: 'primary' })}>
        <span className="gk-button__label">Back home</span>
      </Link>
    </UnfollowCard>
  );
}

function UnfollowCard({
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
    <div className="page-container unfollow-page">
      <section className="unfollow-page__card" aria-labelledby="unfollow-page-title">
        <h1
          ref={headingRef}
          id="unfollow-page-title"
          className="unfollow-page__title"
          tabIndex={-1}
        >
          {title}
        </h1>
        <p className="unfollow-page__lead">{lead}</p>
        <div className="unfollow-page__actions">{children}</div>
      </section>
    </div>
  );
}
