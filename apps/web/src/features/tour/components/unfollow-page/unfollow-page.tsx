import type { TourFollowing } from '../../following-link';
import { BrokenLinkCard, LinkCard, LinkQuestionCard, TourButtonLink } from '../link-card/link-card';
import { useFollowingLinkClick } from '../link-card/use-following-link-click';

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
  const stop = useFollowingLinkClick('unfollow', token);
  const { tour, email } = following;
  if (stop.done || !following.following) {
    return (
      <LinkCard
        headingRef={stop.heading}
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
    <LinkQuestionCard
      title={`Stop e-mails about ${tour.name}?`}
      lead={
        <>
          We write to <strong>{email}</strong> when this tour gets new dates.
        </>
      }
      click={stop}
      action="Stop e-mails"
      actionSending="Stopping…"
      tourSlug={tour.slug}
      instead="Keep them"
    />
  );
}

/** A link the API did not sign, or cut short by the mail program: what to do instead. */
export function UnfollowLinkError() {
  return (
    <BrokenLinkCard lead="The link to stop e-mails about a tour is incomplete or was changed. Open it again from the e-mail, copying the whole address if needed." />
  );
}
