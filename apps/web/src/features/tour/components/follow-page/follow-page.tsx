import type { TourFollowing } from '../../following-link';
import { BrokenLinkCard, LinkCard, LinkQuestionCard, TourButtonLink } from '../link-card/link-card';
import { useFollowingLinkClick } from '../link-card/use-following-link-click';

export interface FollowPageProps {
  token: string;
  following: TourFollowing;
}

/**
 * `/follow?token=…`, the link of the e-mail that confirms a follow: it asks before it follows (a
 * mail scanner opening the link must not subscribe anyone), then says the programme is on its
 * way, with the way back to the tour.
 */
export function FollowPage({ token, following }: FollowPageProps) {
  const start = useFollowingLinkClick('follow', token);
  const { tour, email } = following;
  const backToTour = (
    <TourButtonLink slug={tour.slug} theme="primary">{`Back to ${tour.name}`}</TourButtonLink>
  );
  if (start.done) {
    return (
      <LinkCard
        headingRef={start.heading}
        title={`You are following ${tour.name}`}
        lead={
          <>
            The programme is on its way to <strong>{email}</strong>. We will write there when new
            dates open; every e-mail has a link to stop them.
          </>
        }
      >
        {backToTour}
      </LinkCard>
    );
  }
  if (following.following) {
    return (
      <LinkCard
        title={`You already follow ${tour.name}`}
        lead={
          <>
            We write to <strong>{email}</strong> when this tour gets new dates.
          </>
        }
      >
        {backToTour}
      </LinkCard>
    );
  }
  return (
    <LinkQuestionCard
      title={`Follow ${tour.name}?`}
      lead={
        <>
          We will send the programme to <strong>{email}</strong> and write there when this tour gets
          new dates. Did not ask for it? Close this page: we will not write.
        </>
      }
      click={start}
      action="Follow"
      actionSending="Following…"
      tourSlug={tour.slug}
      instead="See the tour"
    />
  );
}

/** A link the API did not sign, cut short by the mail program, or too old: what to do instead. */
export function FollowLinkError() {
  return (
    <BrokenLinkCard lead="The link to follow a tour is incomplete, was changed, or is more than 7 days old. Open it again from the e-mail, copying the whole address if needed, or follow the tour again from its page." />
  );
}
