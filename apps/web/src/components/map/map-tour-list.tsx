import { Link } from '@tanstack/react-router';
import './map-tour-list.css';

export interface MapTourListItem {
  id: number;
  slug: string;
  name: string;
  priceText: string;
}

interface MapTourListProps {
  tours: readonly MapTourListItem[];
  /** The list's summary, before its count ('Tours on the map as a list' by default). */
  title?: string;
  /** How many the search finds, when the map shows fewer (its points are capped). */
  total?: number;
  onHighlight?: (id: number | undefined) => void;
}

/**
 * The map's markers as links, beside the map: what a keyboard or a screen reader uses instead of
 * the canvas. Folded away, since the cards or the page already list most of them.
 */
export function MapTourList({
  tours,
  title = 'Tours on the map as a list',
  total,
  onHighlight,
}: MapTourListProps) {
  if (tours.length === 0) return <p className="map-tour-list__empty">No tours on the map.</p>;
  const more = total !== undefined && total > tours.length ? ` of ${total}` : '';
  return (
    <details className="map-tour-list">
      <summary>
        {title} ({tours.length}
        {more})
      </summary>
      <ul>
        {tours.map((tour) => (
          <li key={tour.id}>
            <Link
              to="/$slug"
              params={{ slug: tour.slug }}
              onFocus={() => onHighlight?.(tour.id)}
              onBlur={() => onHighlight?.(undefined)}
              onMouseEnter={() => onHighlight?.(tour.id)}
              onMouseLeave={() => onHighlight?.(undefined)}
            >
              {tour.name}
            </Link>{' '}
            <span className="map-tour-list__price">{tour.priceText}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
