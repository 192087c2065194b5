import type { components } from '@gallop/api-client';
import { MapPreloader } from '@gallop/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../../lib/api';
import { tourCitiesQueryOptions } from '../../api';
import { routeSketchUrl } from './route-sketch';
import './tour-route-map.css';

type TourCity = components['schemas']['TourCity'];

export interface TourRouteMapProps {
  tourId: number;
  startCity: string | undefined;
}

/** Unnamed stops drawn after the start in the preview: the real ones load with the map. */
const PREVIEW_WAYPOINTS = ['', '', ''];

/** A stop as the legend reads it: 'Hoedspruit, South Africa · start'. */
function stopText(city: TourCity): string {
  const place = city.country ? `${city.name}, ${city.country}` : city.name;
  return city.is_start ? `${place} · start` : city.is_end ? `${place} · finish` : place;
}

/**
 * The map preloader: a drawn preview, and on 'Show on map' the route through the tour's cities
 * (`/spa/tours-cities`). With no map provider configured the route stays a sketch with numbered
 * pins; the stops are listed under it, numbered alike, never over it.
 */
export function TourRouteMap({ tourId, startCity }: TourRouteMapProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [stops, setStops] = useState<readonly TourCity[]>();
  const loadMap = async () => {
    const { items } = await queryClient.fetchQuery(tourCitiesQueryOptions(api, tourId));
    setStops(items);
    return (
      <img
        className="tour-route-map__sketch"
        src={routeSketchUrl(
          tourId,
          items.map(() => ''),
        )}
        alt={`Route sketch: ${items.map((city) => city.name).join(', ')}`}
        width={600}
        height={350}
      />
    );
  };
  return (
    <figure className="tour-route-map">
      <MapPreloader
        previewUrl={routeSketchUrl(tourId, [
          startCity ? `Start: ${startCity}` : '',
          ...PREVIEW_WAYPOINTS,
        ])}
        previewAlt={startCity ? `Route preview starting in ${startCity}` : 'Route preview'}
        loadMap={loadMap}
      />
      {stops && stops.length > 0 && (
        <figcaption className="tour-route-map__legend">
          <ol className="tour-route-map__stops">
            {stops.map((city) => (
              <li key={city.id}>{stopText(city)}</li>
            ))}
          </ol>
        </figcaption>
      )}
    </figure>
  );
}
