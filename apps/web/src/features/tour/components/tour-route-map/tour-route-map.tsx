import { MapPreloader } from '@gallop/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../../lib/api';
import { tourCitiesQueryOptions } from '../../api';
import { routeSketchUrl } from './route-sketch';
import './tour-route-map.css';

export interface TourRouteMapProps {
  tourId: number;
  startCity: string | undefined;
}

/** Unnamed stops drawn after the start in the preview: the real ones load with the map. */
const PREVIEW_WAYPOINTS = ['', '', ''];

/**
 * The map preloader: a drawn preview, and on 'Show on map' the route through the tour's cities
 * (`/spa/tours-cities`). With no map provider configured the route stays a sketch with the
 * list of stops.
 */
export function TourRouteMap({ tourId, startCity }: TourRouteMapProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const loadMap = async () => {
    const { items } = await queryClient.fetchQuery(tourCitiesQueryOptions(api, tourId));
    const stops = items.map((city) => city.name);
    return (
      <figure className="tour-route-map">
        <img
          className="tour-route-map__sketch"
          src={routeSketchUrl(tourId, stops)}
          alt={`Route sketch: ${stops.join(', ')}`}
          width={600}
          height={350}
        />
        <figcaption>
          <ol className="tour-route-map__stops">
            {items.map((city) => (
              <li key={city.id}>
                <strong>{city.name}</strong>
                {city.country ? `, ${city.country}` : ''}
                {city.is_start ? ' · start' : city.is_end ? ' · finish' : ''}
              </li>
            ))}
          </ol>
        </figcaption>
      </figure>
    );
  };
  return (
    <MapPreloader
      previewUrl={routeSketchUrl(tourId, [
        startCity ? `Start: ${startCity}` : '',
        ...PREVIEW_WAYPOINTS,
      ])}
      previewAlt={startCity ? `Route preview starting in ${startCity}` : 'Route preview'}
      loadMap={loadMap}
    />
  );
}
