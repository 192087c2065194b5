import { countText, RatingIndicator } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import type { Organizer } from '../../api';
import { organizerKind, shortText, trustBadges, UNVERIFIED } from '../../format';
import { OrganizerAvatar } from '../organizer-avatar/organizer-avatar';
import './provider-card.css';

/** Characters of the description a card shows. */
const CARD_TEXT_LENGTH = 140;

/** A provider in the hub: picture, name, rating, tours and what Gallop has verified. */
export function ProviderCard({ organizer }: { organizer: Organizer }) {
  const verified = trustBadges({
    ...UNVERIFIED,
    is_passport_verified: organizer.is_passport_verified === true,
    is_phone_verified: organizer.is_phone_verified === true,
    is_email_verified: organizer.is_email_verified === true,
  }).filter((badge) => badge.state === 'verified');
  const rated = organizer.rating !== null && organizer.rating !== undefined;
  return (
    <article className="provider-card">
      <div className="provider-card__head">
        <OrganizerAvatar organizer={organizer} size={56} />
        <div className="provider-card__title">
          <h3 className="provider-card__name">
            <Link
              to="/tour-provider/$id"
              params={{ id: String(organizer.id) }}
              className="provider-card__link"
            >
              {organizer.name}
            </Link>
          </h3>
          <p className="provider-card__kind">
            {organizerKind(organizer.type)}
            {organizer.country ? ` · ${organizer.country.name}` : ''}
          </p>
        </div>
      </div>
      <p className="provider-card__rating">
        {rated ? (
          <>
            <RatingIndicator value={organizer.rating!} showValue />
            <span>({countText('{count} review(s)', organizer.reviews_count ?? 0)})</span>
          </>
        ) : (
          <span className="provider-card__new">New on Gallop</span>
        )}
        {organizer.tours_count !== undefined && (
          <span className="provider-card__tours">
            {countText('{count} tour(s)', organizer.tours_count)}
          </span>
        )}
      </p>
      {organizer.description && (
        <p className="provider-card__text">{shortText(organizer.description, CARD_TEXT_LENGTH)}</p>
      )}
      {verified.length > 0 && (
        <ul className="provider-card__checks" aria-label="Verification">
          {verified.map((badge) => (
            <li key={badge.key}>
              <span aria-hidden="true">✓</span> {badge.label}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
