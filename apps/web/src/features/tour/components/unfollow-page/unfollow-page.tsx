import { Button } from '@gallop/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useApi } from '../../../../lib/api';
import { useSend } from '../../../../lib/use-send';
import { unfollowTour, type TourFollowing } from '../../unfollow';
import { BrokenLinkCard, LinkCard, LinkCardFailure, TourButtonLink } from '../link-card/link-card';

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
  if (stop.done || !following.following) {
    return (
      <LinkCard
        headingRef={heading}
        title={`You will no longer get e-mails about ${tour.name}`}
        lead={
          <>
            We will not write to <strong>{email}</strong> about new dates of this tour. Changed your
            mind? Follow it again from its page.
          </>
        }
      >
        <TourButtonLink slug={tour.slug} theme="primary">{`Back to ${tour.name}`}</TourButtonLink>
      </LinkCard>
    );
  }
  return (
    <LinkCard
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
      <TourButtonLink slug={tour.slug} theme="ghost">
        Keep them
      </TourButtonLink>
      {stop.failure && <LinkCardFailure>{stop.failure}</LinkCardFailure>}
    </LinkCard>
  );
}

/** A link the API did not sign, or cut short by the mail program: what to do instead. */
export function UnfollowLinkError() {
  return (
    <BrokenLinkCard lead="The link to stop e-mails about a tour is incomplete or was changed. Open it again from the e-mail, copying the whole address if needed." />
  );
}
