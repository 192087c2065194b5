import { Link, useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { TourCard } from '../../../../components/tour-card/tour-card';
import type { TourGone } from '../../gone-tour';
import './gone-tour.css';

/**
 * Under the 410 page of a tour whose dates have passed: the organizer's other tours, similar
 * tours, and the search they come from, so the visitor has somewhere to go.
 */
export function GoneTourAlternatives({ gone }: { gone: TourGone }) {
  const { organizer, organizer_tours: organizerTours, similar_tours: similarTours } = gone;
  const router = useRouter();
  // A plain link before hydration; after it, the search opens in the app.
  const openSearch = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    void router.navigate({ href: gone.similar_search.url });
  };
  return (
    <div className="gone-tour">
      {organizer && organizerTours.length > 0 && (
        <section className="gone-tour__group" aria-labelledby="gone-tour-organizer">
          <h2 id="gone-tour-organizer" className="gone-tour__title">
            {`More from ${organizer.name}`}
          </h2>
          <TourGrid tours={organizerTours} />
          <Link
            to="/tour-provider/$id"
            params={{ id: String(organizer.id) }}
            className="gone-tour__more"
          >
            {`All tours by ${organizer.name}`}
          </Link>
        </section>
      )}
      {similarTours.length > 0 && (
        <section className="gone-tour__group" aria-labelledby="gone-tour-similar">
          <h2 id="gone-tour-similar" className="gone-tour__title">
            Similar tours
          </h2>
          <TourGrid tours={similarTours} />
        </section>
      )}
      <a className="gone-tour__more" href={gone.similar_search.url} onClick={openSearch}>
        {gone.similar_search.text}
      </a>
    </div>
  );
}

function TourGrid({ tours }: { tours: TourGone['similar_tours'] }) {
  return (
    <ul className="gone-tour__grid">
      {tours.map((tour) => (
        <li key={tour.id}>
          <TourCard tour={tour} />
        </li>
      ))}
    </ul>
  );
}
