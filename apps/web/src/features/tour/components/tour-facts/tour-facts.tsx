import { ACCOMMODATION_LABELS, COMFORT_LABELS, DIFFICULTY_LABELS } from '@gallop/search-filters';
import type { Tour } from '../../api';
import { formatDuration } from '../../format';
import './tour-facts.css';

interface Fact {
  label: string;
  value: string;
}

/** The key facts of a tour, in the order a rider decides by; facts the tour lacks are left out. */
export function tourFacts(tour: Tour): Fact[] {
  const facts: (Fact | false)[] = [
    { label: 'Duration', value: formatDuration(tour.duration) },
    tour.difficulty !== undefined && {
      // The route's difficulty; the rider level it asks for is in the Riding section.
      label: 'Difficulty',
      value: DIFFICULTY_LABELS[tour.difficulty],
    },
    tour.comfort !== undefined && { label: 'Comfort', value: COMFORT_LABELS[tour.comfort] },
    tour.accommodation !== undefined &&
      tour.accommodation !== 'not-set' && {
        label: 'Accommodation',
        value: ACCOMMODATION_LABELS[tour.accommodation],
      },
    tour.max_group_size !== undefined && {
      label: 'Group size',
      value: `Up to ${tour.max_group_size} riders`,
    },
    tour.min_age !== undefined && {
      label: 'Minimum age',
      value: tour.min_age > 0 ? `${tour.min_age} years` : 'Any age',
    },
    (tour.languages?.length ?? 0) > 0 && {
      label: 'Guide languages',
      value: (tour.languages ?? []).map((language) => language.name).join(', '),
    },
    tour.start_city !== undefined && {
      label: 'Starts in',
      value: [tour.start_city.name, tour.start_city.region, tour.start_city.country]
        .filter(Boolean)
        .join(', '),
    },
  ];
  return facts.filter((fact): fact is Fact => fact !== false);
}

export function TourFacts({ tour }: { tour: Tour }) {
  return (
    <dl className="tour-facts">
      {tourFacts(tour).map((fact) => (
        <div key={fact.label} className="tour-facts__item">
          <dt className="tour-facts__label">{fact.label}</dt>
          <dd className="tour-facts__value">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
