import { CancellationPolicy, HorseWelfareCard, TileGallery, type MediaItem } from '@gallop/ui-kit';
import type { Tour } from '../../api';
import { cheapestUpcomingDate } from '../../format';
import { toMediaItems } from '../../media';
import { nonRidersWelcomeText } from '../../non-riders';
import type { ReviewSearch } from '../../review-search';
import { TourDates } from '../tour-dates/tour-dates';
import { LazyFollowTourCard } from '../tour-follow/tour-follow';
import { TourOrganizer } from '../tour-organizer/tour-organizer';
import { TourInclusions, TourProgram } from '../tour-program/tour-program';
import { TourQuestions } from '../tour-questions/tour-questions';
import { TourReviews } from '../tour-reviews/tour-reviews';
import { TourRiding } from '../tour-riding/tour-riding';
import { TourRouteMap } from '../tour-route-map/tour-route-map';
import { TourTeamView } from '../tour-team-view/tour-team-view';
import type { TourWeatherSlot } from './tour-weather-slot';
import { useVisitorUnits } from '../../../../lib/visitor-units';
import { useWeightUnit } from '../../../../lib/weight-unit';

/*
 * What the tour page's sections hold below its overview: a chunk of its own that the browser
 * hydrates after the page's largest paint (tour-page-parts.ts, decision 126). Each takes the tour
 * and handlers whose identity does not change, so nothing reaches a section still waiting for
 * its code.
 */

/** Opens the media viewer on `items` at `index`. */
type OpenMedia = (items: readonly MediaItem[], index: number) => void;

export function RidingSection({ tour }: { tour: Tour }) {
  const weightUnit = useWeightUnit();
  return (
    <>
      <TourRiding
        riding={tour.riding}
        heavyPlacesFree={tour.heavy_places_free}
        dates={tour.dates}
        nonRiders={nonRidersWelcomeText(tour.dates, tour.riding.non_riders_welcome)}
      />
      <HorseWelfareCard
        className="tour-page__welfare"
        welfare={tour.horse_welfare}
        weightUnit={weightUnit}
      />
    </>
  );
}

export function PhotosSection({ tour, onOpen }: { tour: Tour; onOpen: OpenMedia }) {
  const images = toMediaItems(tour.images);
  const travellerPhotos = toMediaItems(tour.traveller_photos);
  return (
    <>
      <TileGallery items={images} onOpen={(index) => onOpen(images, index)} />
      {travellerPhotos.length > 0 && (
        <div className="tour-page__traveller-photos">
          <h3 className="tour-page__subheading">Travellers' photos</h3>
          <p className="tour-page__hint">
            Taken by riders on this tour and shared with their reviews.
          </p>
          <TileGallery items={travellerPhotos} onOpen={(index) => onOpen(travellerPhotos, index)} />
        </div>
      )}
    </>
  );
}

export function ProgrammeSection({ tour, onOpen }: { tour: Tour; onOpen: OpenMedia }) {
  const units = useVisitorUnits();
  return (
    <>
      {(tour.program?.length ?? 0) > 0 && (
        <TourProgram days={tour.program ?? []} onOpenPhotos={onOpen} units={units} />
      )}
      <TourInclusions included={tour.included ?? []} notIncluded={tour.not_included ?? []} />
    </>
  );
}

export function DatesSection({ tour, weather }: { tour: Tour; weather?: TourWeatherSlot }) {
  const bookable = cheapestUpcomingDate(tour.dates) !== undefined;
  return (
    <>
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
    </>
  );
}

export function OrganizerSection({ tour }: { tour: Tour }) {
  if (!tour.organizer) return null;
  return <TourOrganizer organizer={tour.organizer} tour={{ id: tour.id, name: tour.name }} />;
}

interface ReviewsSectionProps {
  tour: Tour;
  /** Which reviews show, in which order (the address's review view, decision 115). */
  reviewView?: ReviewSearch | undefined;
  onReviewViewChange?: ((view: ReviewSearch) => void) | undefined;
  onOpen: OpenMedia;
}

export function ReviewsSection({
  tour,
  reviewView,
  onReviewViewChange,
  onOpen,
}: ReviewsSectionProps) {
  return (
    <TourReviews
      slug={tour.slug}
      firstPage={tour.reviews ?? []}
      total={tour.reviews_count ?? tour.reviews?.length ?? 0}
      rating={tour.rating}
      horseCondition={tour.horse_condition}
      view={reviewView}
      onViewChange={onReviewViewChange}
      onOpenPhotos={onOpen}
    />
  );
}

export function QuestionsSection({ tour }: { tour: Tour }) {
  return <TourQuestions questions={tour.questions ?? []} />;
}

export function RouteSection({ tour }: { tour: Tour }) {
  return <TourRouteMap tourId={tour.id} start={tour.start_city} programme={tour.program ?? []} />;
}
