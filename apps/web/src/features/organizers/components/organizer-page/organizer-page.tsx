import {
  Breadcrumbs,
  countText,
  HorseConditionScore,
  HorseWelfareCard,
  MediaViewer,
  RatingIndicator,
  TileGallery,
} from '@gallop/ui-kit';
import type { MediaItem } from '@gallop/ui-kit';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { MessageOrganizerButton } from '../../../../components/message-organizer-button/message-organizer-button';
import { useApi } from '../../../../lib/api';
import { useWeightUnit } from '../../../../lib/weight-unit';
import {
  organizerQueries,
  type Organizer,
  type Review,
  type TourSummary,
  type VerificationInfo,
} from '../../api';
import { LEGAL_TYPE_LABELS, organizerKind, possessive } from '../../format';
import { OrganizerAvatar } from '../organizer-avatar/organizer-avatar';
import { OrganizerReviews } from '../organizer-reviews/organizer-reviews';
import { OrganizerTours } from '../organizer-tours/organizer-tours';
import { TrustBadges } from '../trust-badges/trust-badges';
import './organizer-page.css';

/** The provider page (`/tour-provider/{id}`), from the queries the route's loader filled. */
export function OrganizerPage({ id }: { id: number }) {
  const api = useApi();
  const { data: organizer } = useSuspenseQuery(organizerQueries.profile(api, id));
  const { data: verification } = useSuspenseQuery(organizerQueries.verification(api, id));
  const { data: reviews } = useSuspenseQuery(organizerQueries.reviews(api, id, 1));
  const { data: tours } = useSuspenseQuery(organizerQueries.tours(api, id, 1));
  return (
    <OrganizerPageView
      organizer={organizer}
      verification={verification}
      reviews={reviews.items}
      reviewsTotal={reviews.pagination.total}
      tours={tours.items}
      toursTotal={tours.pagination.total}
      toursPageCount={tours.pagination.page_count}
    />
  );
}

export interface OrganizerPageViewProps {
  organizer: Organizer;
  verification: VerificationInfo;
  reviews: readonly Review[];
  reviewsTotal: number;
  tours: readonly TourSummary[];
  toursTotal: number;
  toursPageCount: number;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="organizer-page__section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="display-heading organizer-page__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The profile's pictures as the ui-kit's media items (alt text or none). */
function galleryItems(organizer: Organizer): MediaItem[] {
  return (organizer.images ?? []).map(({ image, alt }) => (alt ? { image, alt } : { image }));
}

export function OrganizerPageView({
  organizer,
  verification,
  reviews,
  reviewsTotal,
  tours,
  toursTotal,
  toursPageCount,
}: OrganizerPageViewProps) {
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const weightUnit = useWeightUnit();
  const gallery = galleryItems(organizer);
  const paragraphs = (organizer.description ?? '')
    .split(/\n{2,}/)
    .map((text) => text.trim())
    .filter(Boolean);
  const rated = organizer.rating !== null && organizer.rating !== undefined;
  const kind = organizerKind(organizer.type);

  const facts: { label: string; value: ReactNode }[] = [
    ...(rated
      ? [{ label: 'Rating', value: `${organizer.rating!.toFixed(1)} / 5` }]
      : [{ label: 'Rating', value: 'Not rated yet' }]),
    { label: 'Reviews', value: String(reviewsTotal) },
    { label: 'Tours open', value: String(toursTotal) },
    ...(organizer.country ? [{ label: 'Based in', value: organizer.country.name }] : []),
  ];

  return (
    <article className="organizer-page page-container">
      <Breadcrumbs
        className="organizer-page__breadcrumbs"
        items={[
          { url: '/', text: 'Home' },
          { url: '/tour-providers', text: 'Tour providers' },
          { url: `/tour-provider/${organizer.id}`, text: organizer.name },
        ]}
      />
      <header className="organizer-hero">
        <OrganizerAvatar organizer={organizer} size={96} eager />
        <div className="organizer-hero__text">
          <p className="organizer-hero__kind">
            {kind}
            {organizer.country ? ` · ${organizer.country.name}` : ''}
          </p>
          <h1 className="display-heading organizer-hero__name">{organizer.name}</h1>
          {rated && (
            <p className="organizer-hero__rating">
              <RatingIndicator value={organizer.rating!} showValue />
              <a href="#reviews">{countText('{count} review(s)', reviewsTotal)}</a>
            </p>
          )}
          {organizer.horse_condition && (
            <HorseConditionScore
              rating={organizer.horse_condition.rating}
              count={organizer.horse_condition.count}
              className="organizer-hero__horses"
            />
          )}
        </div>
        <TrustBadges verification={verification} className="organizer-hero__badges" />
        <MessageOrganizerButton
          organizerId={organizer.id}
          theme="primary"
          className="organizer-hero__message"
        />
      </header>

      <dl className="organizer-facts">
        {facts.map((fact) => (
          <div key={fact.label} className="organizer-facts__item">
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>

      <div className="organizer-page__layout">
        <div className="organizer-page__main">
          {(paragraphs.length > 0 || gallery.length > 0) && (
            <Section id="about" title={`About ${organizer.name}`}>
              {paragraphs.map((text, index) => (
                <p key={index} className="organizer-page__text">
                  {text}
                </p>
              ))}
              {gallery.length > 0 && (
                <TileGallery
                  className="organizer-page__gallery"
                  items={gallery}
                  onOpen={setViewerIndex}
                />
              )}
            </Section>
          )}

          <Section id="horses" title="How the horses are kept">
            <HorseWelfareCard
              welfare={organizer.horse_welfare}
              weightUnit={weightUnit}
              notStatedText={`${organizer.name} has not yet said how its horses are kept. Ask them in the chat before you book.`}
            />
          </Section>

          <Section id="tours" title={`Tours by ${organizer.name}`}>
            <OrganizerTours
              organizerId={organizer.id}
              firstPage={tours}
              pageCount={toursPageCount}
            />
          </Section>

          <Section id="reviews" title="Reviews">
            <OrganizerReviews
              organizerId={organizer.id}
              firstPage={reviews}
              total={reviewsTotal}
              rating={organizer.rating}
              tours={tours}
            />
          </Section>
        </div>

        <aside className="organizer-page__aside" aria-labelledby="organizer-trust-heading">
          <div className="organizer-trust">
            <h2 id="organizer-trust-heading" className="organizer-trust__title">
              Booking with {organizer.name}
            </h2>
            <ul className="organizer-trust__list">
              <li>
                {kind}
                {organizer.legal_type ? `, ${legalTypeInLine(organizer.legal_type)}` : ''}
              </li>
              {/* No tick beside an identity check that has not passed. */}
              <li
                className={
                  verification.is_passport_verified ? undefined : 'organizer-trust__item--pending'
                }
              >
                {identityLine(organizer.name, verification)}
              </li>
              <li>Payments are secured by 3-D Secure; Gallop stores no card data.</li>
              <li>Providers with bad reviews can be removed permanently.</li>
            </ul>
          </div>
        </aside>
      </div>

      <MediaViewer
        items={gallery}
        isOpen={viewerIndex !== null}
        startIndex={viewerIndex ?? 0}
        onClose={() => setViewerIndex(null)}
        label={`Photos of ${organizer.name}`}
      />
    </article>
  );
}

/** "Tour company, registered company": the legal type after the kind, in lower case. */
function legalTypeInLine(type: keyof typeof LEGAL_TYPE_LABELS): string {
  const label = LEGAL_TYPE_LABELS[type];
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/**
 * Gallop's vetting, said of this provider: what its identity check says of it (its badge above
 * reads "Identity not verified" when it has not passed), then the screening every provider has.
 */
function identityLine(name: string, verification: VerificationInfo): string {
  const identity = verification.is_passport_verified
    ? `${possessive(name)} identity is verified by a third-party service.`
    : `${possessive(name)} third-party identity verification is not complete yet.`;
  return `${identity} Gallop also screens providers: a formal screening, checks of their media presence, an expert assessment and an emotional assessment.`;
}
