import { formatPrice } from '@gallop/currency';
import { countText, FitIndicator, imageUrl, RatingIndicator } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { components } from '@gallop/api-client';
import { usePassportFitOnly } from '../../lib/use-passport-fit';
import { FavouriteToggle } from '../favourite-toggle/favourite-toggle';
import { TourEmoji } from '../tour-emoji/tour-emoji';
import './tour-card.css';

export type TourSummary = components['schemas']['TourSummary'];

/** 16:9 card pictures: 480 wide, 960 for sharp screens. */
const CARD_IMAGE = { size: '480x270', size2x: '960x540', width: 480, height: 270 } as const;

/** The 'from' price of a card and the crossed-out one when a discount applies. */
export function cardPrices(tour: TourSummary): { price: string; oldPrice: string | undefined } {
  const old =
    tour.price_without_discount !== null &&
    tour.price_without_discount !== undefined &&
    tour.price_without_discount > tour.price
      ? formatPrice(tour.price_without_discount, tour.currency)
      : undefined;
  return { price: formatPrice(tour.price, tour.currency), oldPrice: old };
}

export interface TourCardProps {
  tour: TourSummary;
  /** The first cards are in the first screen: their pictures load at once. */
  eager?: boolean;
  /** The first card's picture is the page's largest paint: the browser fetches it first. */
  priority?: boolean;
  /**
   * The tour can no longer be booked (its dates have passed): `label` replaces the price, the
   * name leads nowhere (its page is gone) and `action` offers something else instead.
   */
  unavailable?: { label: string; action?: ReactNode } | undefined;
  /**
   * Whether the card's dates are those a search narrowed it to (a date window, lengths or
   * prices): its `heavy_places_free` counts only them, and the fit says "on your dates", not "on
   * any date", when no heavier horse is left.
   */
  searchedDates?: boolean;
}

/** A search result: picture, country, duration, name, rating and the 'from' price. */
export function TourCard({
  tour,
  eager = false,
  priority = false,
  unavailable,
  searchedDates = false,
}: TourCardProps) {
  const [image] = tour.images;
  const { price, oldPrice } = cardPrices(tour);
  const countries = (tour.countries ?? []).map((country) => country.name).join(', ');
  return (
    <article className="tour-card">
      <div className="tour-card__media">
        {image ? (
          <img
            className="tour-card__image"
            src={imageUrl(image.image, CARD_IMAGE.size)}
            srcSet={`${imageUrl(image.image, CARD_IMAGE.size)} 1x, ${imageUrl(image.image, CARD_IMAGE.size2x)} 2x`}
            width={CARD_IMAGE.width}
            height={CARD_IMAGE.height}
            alt=""
            loading={eager || priority ? 'eager' : 'lazy'}
            // React's server render preloads every eager picture in the head, ahead of the
            // stylesheet; `low` keeps the others out of it so the first card's (the page's
            // largest paint) and the CSS are not sharing a slow phone's bandwidth with them.
            fetchPriority={priority ? 'high' : eager ? 'low' : undefined}
            decoding="async"
          />
        ) : null}
        {oldPrice && !unavailable && <span className="tour-card__deal">Deal</span>}
        <FavouriteToggle tourId={tour.id} tourName={tour.name} />
      </div>
      <div className="tour-card__body">
        <p className="tour-card__meta">
          {countries && <span>{countries}</span>}
          <span>{countText('{count} day(s)', tour.duration)}</span>
          {/* Companions who do not ride can come along (decision 118); priced per date. */}
          {tour.riding.non_riders_welcome && <span>Non-riders welcome</span>}
        </p>
        {/* The pinned emoji beside the name, not in the heading: the heading is the name. */}
        <div className="tour-card__name-row">
          <TourEmoji emoji={tour.emoji} className="tour-card__emoji" />
          <h3 className="tour-card__name">
            {unavailable ? (
              tour.name
            ) : (
              <Link to="/$slug" params={{ slug: tour.slug }} className="tour-card__link">
                {tour.name}
              </Link>
            )}
          </h3>
        </div>
        {tour.rating !== null && tour.rating !== undefined && (tour.reviews_count ?? 0) > 0 ? (
          <p className="tour-card__rating">
            <RatingIndicator value={tour.rating} showValue />
            <span>({tour.reviews_count})</span>
          </p>
        ) : (
          <p className="tour-card__rating tour-card__rating--new">New on Gallop</p>
        )}
        {!unavailable && <CardFit tour={tour} searchedDates={searchedDates} />}
        {unavailable ? (
          <p className="tour-card__unavailable">
            <strong>{unavailable.label}</strong>
            {unavailable.action}
          </p>
        ) : (
          <CardPrice price={price} oldPrice={oldPrice} />
        )}
      </div>
    </article>
  );
}

/**
 * How the visitor's rider passport fits the tour, on the picture's lower edge: it appears after
 * hydration without moving anything else on the card. Compact: a long reason wraps to a second
 * line, growing up over the picture (so the card keeps its height whatever the verdict), and only
 * one longer still is cut; the title and screen readers have it whole. Heavier horses count on
 * the card's best date: of the searched dates, or of every bookable one.
 */
function CardFit({ tour, searchedDates }: { tour: TourSummary; searchedDates: boolean }) {
  const fit = usePassportFitOnly(tour.riding, {
    free: tour.heavy_places_free,
    scope: searchedDates ? 'searched-dates' : 'any-date',
  });
  if (!fit) return null;
  return (
    <div className="tour-card__fit">
      <FitIndicator
        compact
        verdict={fit.verdict}
        reason={fit.reason}
        className="tour-card__fit-indicator"
      />
    </div>
  );
}

function CardPrice({ price, oldPrice }: { price: string; oldPrice: string | undefined }) {
  return (
    <p className="tour-card__price">
      <span className="tour-card__from">from</span> <strong>{price}</strong>
      {oldPrice && (
        <s className="tour-card__old-price">
          <span className="search-sr-only">was </span>
          {oldPrice}
        </s>
      )}
    </p>
  );
}
