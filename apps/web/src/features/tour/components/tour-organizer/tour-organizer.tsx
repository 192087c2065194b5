import type { components } from '@gallop/api-client';
import { imageUrl, RatingIndicator } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { MessageOrganizerButton } from '../../../../components/message-organizer-button/message-organizer-button';
import './tour-organizer.css';

type Organizer = components['schemas']['OrganizerBrief'];

const VERIFICATIONS = [
  ['is_passport_verified', 'Identity verified'],
  ['is_phone_verified', 'Phone verified'],
  ['is_email_verified', 'Email verified'],
] as const;

/** `tour`: the tour the page shows; 'Message the organizer' asks a question about it. */
export function TourOrganizer({
  organizer,
  tour,
}: {
  organizer: Organizer;
  tour?: { id: number; name: string } | undefined;
}) {
  const initials = organizer.name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0] ?? '')
    .join('');
  return (
    <article className="tour-organizer" aria-labelledby="tour-organizer-name">
      <div className="tour-organizer__head">
        {organizer.avatar ? (
          <img
            className="tour-organizer__avatar"
            src={imageUrl(organizer.avatar.image, '96x96')}
            srcSet={`${imageUrl(organizer.avatar.image, '96x96')} 1x, ${imageUrl(organizer.avatar.image, '192x192')} 2x`}
            width={64}
            height={64}
            alt=""
            loading="lazy"
          />
        ) : (
          <span className="tour-organizer__avatar tour-organizer__avatar--initials" aria-hidden>
            {initials}
          </span>
        )}
        <div>
          <p className="tour-organizer__kind">
            {organizer.type === 'author' ? 'Independent guide' : 'Tour company'}
          </p>
          <h3 id="tour-organizer-name" className="tour-organizer__name">
            {organizer.name}
          </h3>
          {organizer.rating !== null && organizer.rating !== undefined && (
            <p className="tour-organizer__rating">
              <RatingIndicator value={organizer.rating} showValue />
              {organizer.reviews_count !== undefined && (
                <span>
                  {organizer.reviews_count} {organizer.reviews_count === 1 ? 'review' : 'reviews'}
                </span>
              )}
            </p>
          )}
        </div>
      </div>
      <ul className="tour-organizer__checks" aria-label="Verification">
        {VERIFICATIONS.map(([flag, label]) => {
          const verified = organizer[flag] === true;
          return (
            <li
              key={flag}
              className={`tour-organizer__check${verified ? ' tour-organizer__check--ok' : ''}`}
            >
              <span aria-hidden="true">{verified ? '✓' : '–'}</span>
              {verified ? label : `${label.replace(' verified', '')} not verified`}
            </li>
          );
        })}
      </ul>
      <MessageOrganizerButton
        organizerId={organizer.id}
        tour={tour}
        className="tour-organizer__message"
      />
      <Link
        className="tour-organizer__link"
        to="/tour-provider/$id"
        params={{ id: String(organizer.id) }}
      >
        About the organizer and all their tours
      </Link>
    </article>
  );
}
