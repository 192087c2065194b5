import type { components } from '@gallop/api-client';
import { formatPrice } from '@gallop/currency';
import { countText, imageUrl, RatingIndicator } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { FavouriteToggle } from '../../../../components/favourite-toggle/favourite-toggle';
import './best-tours.css';

type TourSummary = components['schemas']['TourSummary'];

/** Card pictures: 16:9, 480 wide and 960 for sharp screens (sizes the media server serves). */
const CARD_IMAGE = { size: '480x270', size2x: '960x540', width: 480, height: 270 } as const;

/** The 'from' price in the tour's answer currency (the API converted it to the visitor's). */
function fromPrice(tour: TourSummary): string {
  return formatPrice(tour.price, tour.currency);
}

function hasDiscount(tour: TourSummary): boolean {
  return (tour.price_without_discount ?? 0) > tour.price;
}

export function BestTours({ tours }: { tours: readonly TourSummary[] }) {
  return (
    <section className="home-section" aria-labelledby="best-tours-heading">
      <div className="home-section__head">
        <h2 id="best-tours-heading" className="display-heading home-section__heading">
          Best tours
        </h2>
        <a className="home-section__more" href="/tours">
          See all tours
        </a>
      </div>
      <ul className="best-tours">
        {tours.map((tour) => (
          <li key={tour.id}>
            <BestTourCard tour={tour} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function BestTourCard({ tour }: { tour: TourSummary }) {
  const [image] = tour.images;
  const countries = (tour.countries ?? []).map((country) => country.name).join(', ');
  const reviewed =
    tour.rating !== null && tour.rating !== undefined && (tour.reviews_count ?? 0) > 0;
  return (
    <article className="best-tour">
      <div className="best-tour__media">
        {image ? (
          <img
            src={imageUrl(image.image, CARD_IMAGE.size)}
            srcSet={`${imageUrl(image.image, CARD_IMAGE.size)} 1x, ${imageUrl(image.image, CARD_IMAGE.size2x)} 2x`}
            width={CARD_IMAGE.width}
            height={CARD_IMAGE.height}
            alt={image.alt ?? ''}
            loading="lazy"
            decoding="async"
          />
        ) : null}
        {hasDiscount(tour) ? <span className="best-tour__badge">Deal</span> : null}
        <FavouriteToggle tourId={tour.id} tourName={tour.name} />
      </div>
      <div className="best-tour__body">
        <p className="best-tour__meta">
          {countries ? <span>{countries}</span> : null}
          <span>{countText('{count} day(s)', tour.duration)}</span>
        </p>
        <h3 className="best-tour__name">
          <Link to="/$slug" params={{ slug: tour.slug }} className="best-tour__link">
            {tour.name}
          </Link>
        </h3>
        <div className="best-tour__footer">
          {reviewed ? (
            <p className="best-tour__rating">
              <RatingIndicator value={tour.rating ?? 0} showValue />
              <span className="best-tour__reviews">({tour.reviews_count})</span>
            </p>
          ) : (
            <p className="best-tour__rating best-tour__rating--new">New</p>
          )}
          <p className="best-tour__price" data-currency={tour.currency}>
            <span>from</span> <strong>{fromPrice(tour)}</strong>
          </p>
        </div>
      </div>
    </article>
  );
}
