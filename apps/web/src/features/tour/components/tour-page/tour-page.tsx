import {
  Breadcrumbs,
  CancellationPolicy,
  HorseWelfareCard,
  RatingIndicator,
  ScrollSpy,
  TileGallery,
  TruncateText,
  type ScrollSpyItem,
} from '@gallop/ui-kit';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FavouriteToggle } from '../../../../components/favourite-toggle/favourite-toggle';
import { ShareButtons } from '../../../../components/share-buttons/share-buttons';
import { TourEmoji } from '../../../../components/tour-emoji/tour-emoji';
import { useApi } from '../../../../lib/api';
import { tourQueryOptions, type Tour } from '../../api';
import { useExcursionDates } from '../../excursion-dates';
import { cheapestUpcomingDate, formatDuration } from '../../format';
import { nonRidersWelcomeText } from '../../non-riders';
import { toMediaItems } from '../../media';
import { TourActions } from '../tour-actions/tour-actions';
import { TourBooking, TourBookingBar } from '../tour-booking/tour-booking';
import { TourDates } from '../tour-dates/tour-dates';
import { TourFacts } from '../tour-facts/tour-facts';
import { TourRiding } from '../tour-riding/tour-riding';
import { LazyFollowTourCard } from '../tour-follow/tour-follow';
import { TourHero, useMediaViewer } from '../tour-gallery/tour-gallery';
import { TourOrganizer } from '../tour-organizer/tour-organizer';
import { TourInclusions, TourProgram } from '../tour-program/tour-program';
import { TourQuestions } from '../tour-questions/tour-questions';
import { TourReviews } from '../tour-reviews/tour-reviews';
import type { ReviewSearch } from '../../review-search';
import { TourRouteMap } from '../tour-route-map/tour-route-map';
import { TourTeamView } from '../tour-team-view/tour-team-view';
import './tour-page.css';

/** The loader has turned redirects into 301s, so the cached answer is a tour. */
function asTour(data: unknown): Tour {
  return data as Tour;
}

/**
 * The tour page (`/{slug-<id>}`), from the query the route's loader filled; an excursion's dates
 * stay current from its own call (`useExcursionDates`).
 */
export interface TourReviewViewProps {
  /** Which reviews show, in which order (the address's review view, decision 115). */
  reviewView?: ReviewSearch;
  onReviewViewChange?: (view: ReviewSearch) => void;
}

export function TourPage({
  slug,
  weather,
  ...reviewViewProps
}: { slug: string; weather?: TourWeatherSlot } & TourReviewViewProps) {
  const api = useApi();
  const { data: tour, dataUpdatedAt } = useSuspenseQuery({
    ...tourQueryOptions(api, slug),
    select: asTour,
  });
  const dates = useExcursionDates(tour, dataUpdatedAt);
  return (
    <TourPageView
      tour={dates === tour.dates ? tour : { ...tour, dates }}
      weather={weather}
      {...reviewViewProps}
    />
  );
}

/**
 * The destination's weather for the tour's dates: another feature's widget, which the route
 * composes in (features do not import each other).
 */
export type TourWeatherSlot = (tour: Tour) => ReactNode;

/** For the route's loader: the season marks of the dates come with the server's HTML. */
export { prefetchTourClimate } from '../../../../lib/tour-climate';

/** The sections that have content, in page order, for the scroll-spy navigation. */
export function tourSections(tour: Tour): ScrollSpyItem[] {
  const sections: (ScrollSpyItem | false)[] = [
    { name: 'Overview', anchor: 'overview' },
    { name: 'Riding', anchor: 'riding' },
    (tour.images.length > 1 || (tour.traveller_photos?.length ?? 0) > 0) && {
      name: 'Photos',
      anchor: 'photos',
    },
    ((tour.program?.length ?? 0) > 0 || (tour.included?.length ?? 0) > 0) && {
      name: 'Programme',
      anchor: 'programme',
    },
    { name: 'Dates and prices', anchor: 'dates' },
    tour.organizer !== undefined && { name: 'Organizer', anchor: 'organizer' },
    { name: 'Reviews', anchor: 'reviews' },
    (tour.questions?.length ?? 0) > 0 && { name: 'Questions', anchor: 'questions' },
    { name: 'Route', anchor: 'route' },
  ];
  return sections.filter((section): section is ScrollSpyItem => section !== false);
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="tour-page__section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="display-heading tour-page__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function TourPageView({
  tour,
  weather,
  reviewView,
  onReviewViewChange,
}: { tour: Tour; weather?: TourWeatherSlot } & TourReviewViewProps) {
  const { open, viewer } = useMediaViewer();
  const images = toMediaItems(tour.images);
  const travellerPhotos = toMediaItems(tour.traveller_photos);
  const sections = tourSections(tour);
  const has = (anchor: string) => sections.some((section) => section.anchor === anchor);
  const countries = (tour.countries ?? []).map((country) => country.name).join(', ');
  const paragraphs = tour.description.split(/\n{2,}/).filter((text) => text.trim() !== '');
  const bookable = cheapestUpcomingDate(tour.dates) !== undefined;
  return (
    <article className="tour-page page-container">
      {(tour.breadcrumbs?.length ?? 0) > 0 && (
        <Breadcrumbs items={tour.breadcrumbs ?? []} className="tour-page__breadcrumbs" />
      )}
      <header className="tour-page__header">
        {/* The pinned emoji beside the title, not in it: the heading is the tour's name. */}
        <div className="tour-page__title-row">
          <TourEmoji emoji={tour.emoji} className="tour-page__emoji" />
          <h1 className="display-heading tour-page__title">{tour.seo?.h1 ?? tour.name}</h1>
        </div>
        <p className="tour-page__summary">
          {countries && <span>{countries}</span>}
          <span>{formatDuration(tour.duration)}</span>
          {/* The code the search finds it by ('Try searching by code'). */}
          <span className="tour-page__code">{`Tour code ${tour.id}`}</span>
          {tour.rating !== null && tour.rating !== undefined && (
            <a href="#reviews" className="tour-page__rating">
              <RatingIndicator value={tour.rating} showValue />
              <span>
                {tour.reviews_count ?? 0} {tour.reviews_count === 1 ? 'review' : 'reviews'}
              </span>
            </a>
          )}
        </p>
        <div className="tour-page__header-actions">
          <FavouriteToggle tourId={tour.id} variant="labelled" className="tour-page__favourite" />
          <ShareButtons path={`/${tour.slug}`} title={tour.name} label="Share this tour" />
        </div>
      </header>

      <div className="tour-page__layout">
        <div className="tour-page__main">
          <TourHero images={images} name={tour.name} onOpen={(index) => open(images, index)} />
          <div className="tour-page__nav">
            <ScrollSpy items={sections} label="Sections of this tour" offset={72} />
          </div>

          <Section id="overview" title="Overview">
            <TourFacts tour={tour} />
            <TruncateText className="tour-page__description">
              {paragraphs.map((text, index) => (
                <p key={index}>{text}</p>
              ))}
            </TruncateText>
            <TourActions tour={tour} />
          </Section>

          <Section id="riding" title="Riding">
            <TourRiding
              riding={tour.riding}
              heavyPlacesFree={tour.heavy_places_free}
              nonRiders={nonRidersWelcomeText(tour.dates, tour.riding.non_riders_welcome)}
            />
            <HorseWelfareCard className="tour-page__welfare" welfare={tour.horse_welfare} />
          </Section>

          {has('photos') && (
            <Section id="photos" title="Photos">
              <TileGallery items={images} onOpen={(index) => open(images, index)} />
              {travellerPhotos.length > 0 && (
                <div className="tour-page__traveller-photos">
                  <h3 className="tour-page__subheading">Travellers' photos</h3>
                  <p className="tour-page__hint">
                    Taken by riders on this tour and shared with their reviews.
                  </p>
                  <TileGallery
                    items={travellerPhotos}
                    onOpen={(index) => open(travellerPhotos, index)}
                  />
                </div>
              )}
            </Section>
          )}

          {has('programme') && (
            <Section id="programme" title="Programme">
              {(tour.program?.length ?? 0) > 0 && (
                <TourProgram days={tour.program ?? []} onOpenPhotos={open} />
              )}
              <TourInclusions
                included={tour.included ?? []}
                notIncluded={tour.not_included ?? []}
              />
            </Section>
          )}

          <Section id="dates" title="Dates and prices">
            {tour.dates.length > 0 && (
              <TourDates tourId={tour.id} dates={tour.dates} riding={tour.riding} place={tour} />
            )}
            {/* Nothing to book right now: the visitor can follow the tour for new dates. */}
            {!bookable && <LazyFollowTourCard tourId={tour.id} tourName={tour.name} />}
            {tour.cancellation_policy && (
              <CancellationPolicy
                className="tour-page__policy"
                title={tour.cancellation_policy.title}
                lines={tour.cancellation_policy.lines}
              />
            )}
            {weather?.(tour)}
            <TourTeamView tourId={tour.id} />
          </Section>

          {tour.organizer && (
            <Section id="organizer" title="Organizer">
              <TourOrganizer organizer={tour.organizer} tour={{ id: tour.id, name: tour.name }} />
            </Section>
          )}

          <Section id="reviews" title="Reviews">
            <TourReviews
              slug={tour.slug}
              firstPage={tour.reviews ?? []}
              total={tour.reviews_count ?? tour.reviews?.length ?? 0}
              rating={tour.rating}
              horseCondition={tour.horse_condition}
              view={reviewView}
              onViewChange={onReviewViewChange}
              onOpenPhotos={open}
            />
          </Section>

          {has('questions') && (
            <Section id="questions" title="Questions">
              <TourQuestions questions={tour.questions ?? []} />
            </Section>
          )}

          <Section id="route" title="Route">
            <TourRouteMap tourId={tour.id} start={tour.start_city} programme={tour.program ?? []} />
          </Section>
        </div>

        <div className="tour-page__aside">
          <TourBooking tourId={tour.id} dates={tour.dates} />
        </div>
      </div>
      <TourBookingBar tourId={tour.id} dates={tour.dates} />
      {viewer}
    </article>
  );
}
