import {
  Breadcrumbs,
  RatingIndicator,
  ScrollSpy,
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
import { sameJson, useStableCallback, useStableValue } from '../../../../lib/stable-props';
import { useExcursionDates } from '../../excursion-dates';
import { formatDuration } from '../../format';
import { toMediaItems } from '../../media';
import type { ReviewSearch } from '../../review-search';
import { TourActions } from '../tour-actions/tour-actions';
import { TourBooking, TourBookingBar } from '../tour-booking/tour-booking';
import { TourFacts } from '../tour-facts/tour-facts';
import { TourHero, useMediaViewer } from '../tour-gallery/tour-gallery';
import {
  LazyDatesSection,
  LazyOrganizerSection,
  LazyPhotosSection,
  LazyProgrammeSection,
  LazyQuestionsSection,
  LazyReviewsSection,
  LazyRidingSection,
  LazyRouteSection,
} from './tour-page-parts';
import type { TourWeatherSlot } from './tour-weather-slot';
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

export type { TourWeatherSlot } from './tour-weather-slot';
export { preloadTourPageParts } from './tour-page-parts';

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
  // The sections below hydrate later: what they get must keep its identity until then.
  const openMedia = useStableCallback(open);
  const stableReviewView = useStableValue(reviewView, sameJson);
  const changeReviewView = useStableCallback((view: ReviewSearch) => onReviewViewChange?.(view));
  const images = toMediaItems(tour.images);
  const sections = tourSections(tour);
  const has = (anchor: string) => sections.some((section) => section.anchor === anchor);
  const countries = (tour.countries ?? []).map((country) => country.name).join(', ');
  const paragraphs = tour.description.split(/\n{2,}/).filter((text) => text.trim() !== '');
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
            {/* A section stops below the site header and this bar, stuck under it (73 + 52 px). */}
            <ScrollSpy items={sections} label="Sections of this tour" offset={128} />
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
            <LazyRidingSection tour={tour} />
          </Section>

          {has('photos') && (
            <Section id="photos" title="Photos">
              <LazyPhotosSection tour={tour} onOpen={openMedia} />
            </Section>
          )}

          {has('programme') && (
            <Section id="programme" title="Programme">
              <LazyProgrammeSection tour={tour} onOpen={openMedia} />
            </Section>
          )}

          <Section id="dates" title="Dates and prices">
            <LazyDatesSection tour={tour} weather={weather} />
          </Section>

          {tour.organizer && (
            <Section id="organizer" title="Organizer">
              <LazyOrganizerSection tour={tour} />
            </Section>
          )}

          <Section id="reviews" title="Reviews">
            <LazyReviewsSection
              tour={tour}
              reviewView={stableReviewView}
              onReviewViewChange={onReviewViewChange ? changeReviewView : undefined}
              onOpen={openMedia}
            />
          </Section>

          {has('questions') && (
            <Section id="questions" title="Questions">
              <LazyQuestionsSection tour={tour} />
            </Section>
          )}

          <Section id="route" title="Route">
            <LazyRouteSection tour={tour} />
          </Section>
        </div>

        <div className="tour-page__aside">
          <TourBooking tourId={tour.id} dates={tour.dates} riding={tour.riding} />
        </div>
      </div>
      <TourBookingBar tourId={tour.id} dates={tour.dates} riding={tour.riding} />
      {viewer}
    </article>
  );
}
