import { FOLLOW_TOUR_ANCHOR } from './anchor';
import { FollowTourForm } from './follow-tour-form';

export interface FollowTourCardProps {
  tourId: number;
  tourName: string;
}

/**
 * The tour page's card when no date can be booked (all sold out, or none scheduled): the visitor
 * follows the tour by e-mail instead. Primitive props: it hydrates as a lazy part (see
 * `lazyComponent`), which must not re-render while it waits for its chunk.
 */
export function FollowTourCard({ tourId, tourName }: FollowTourCardProps) {
  return (
    <section
      id={FOLLOW_TOUR_ANCHOR}
      className="tour-follow tour-follow--card"
      aria-labelledby={`${FOLLOW_TOUR_ANCHOR}-heading`}
    >
      <h3 id={`${FOLLOW_TOUR_ANCHOR}-heading`} className="tour-follow__title">
        Follow this tour
      </h3>
      <p className="tour-follow__lead">
        No dates are open for booking right now. Leave your e-mail: we will send you the programme
        and write as soon as new dates open.
      </p>
      <FollowTourForm tour={{ id: tourId, name: tourName }} layout="row" />
    </section>
  );
}
