import type { components } from '@gallop/api-client';
import { getSiteTokensQueryOptions } from '@gallop/api-client/query';
import { MapPreloader } from '@gallop/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../../lib/api';
import type { Tour } from '../../api';
import { tourCitiesQueryOptions } from '../../api';
import { routeSketchUrl } from './route-sketch';
import { useVisitorUnits } from '../../../../lib/visitor-units';
import { routeDayText, tourRoute, type RouteStart, type TourRoute } from './route-stages';
import './tour-route-map.css';

type TourCity = components['schemas']['TourCity'];
type ProgramDay = NonNullable<Tour['program']>[number];

export interface TourRouteMapProps {
  tourId: number;
  start: RouteStart | undefined;
  programme: readonly ProgramDay[];
}

/** Unnamed stops drawn after the start in the preview: the real ones load with the map. */
const PREVIEW_WAYPOINTS = ['', '', ''];

/** A loop ends in the city it starts from (the tour's cities name both). */
function endsAtStart(cities: readonly TourCity[]): boolean {
  const start = cities.find((city) => city.is_start);
  const end = cities.find((city) => city.is_end);
  return Boolean(start && end && (start.id === end.id || start.name === end.name));
}

/**
 * The map preloader of the tour's route: a drawn preview, and on 'Show on map' a real map
 * (MapLibre, its own chunk) of the start, each night's place and the end, numbered and joined
 * in riding order. The days are listed under it with their distances, never over it.
 */
export function TourRouteMap({ tourId, start, programme }: TourRouteMapProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [route, setRoute] = useState<TourRoute>();
  const loadMap = async () => {
    const [{ RouteMapView }, { mapStyleChoice }, cities, tokens] = await Promise.all([
      import('../../../../components/map/route-map'),
      import('../../../../components/map/map-style'),
      queryClient.fetchQuery(tourCitiesQueryOptions(api, tourId)),
      // Without the tokens (an API hiccup) the built-in base map still draws.
      queryClient.fetchQuery(getSiteTokensQueryOptions(api)).catch(() => undefined),
    ]);
    const drawn = tourRoute(start, programme, endsAtStart(cities.items));
    setRoute(drawn);
    if (drawn.places.length === 0) {
      return (
        <p className="tour-route-map__empty">
          The programme does not place this route on a map yet.
        </p>
      );
    }
    return (
      <RouteMapView
        style={mapStyleChoice(tokens)}
        places={drawn.places}
        path={drawn.path}
        label={`Map of the route from ${start?.name ?? drawn.places[0]!.name}`}
      />
    );
  };
  const units = useVisitorUnits();
  const startPlace = route?.places[0];
  const endPlace = route?.places.find((place) => place.role === 'end');
  return (
    <figure className="tour-route-map">
      <MapPreloader
        previewUrl={routeSketchUrl(tourId, [
          start ? `Start: ${start.name}` : '',
          ...PREVIEW_WAYPOINTS,
        ])}
        previewAlt={start ? `Route preview starting in ${start.name}` : 'Route preview'}
        loadMap={loadMap}
      />
      {route && (route.places.length > 0 || route.days.length > 0) && (
        <figcaption className="tour-route-map__legend">
          <ol className="tour-route-map__stages" aria-label="Route by day">
            {startPlace?.number === 1 && (
              <li>
                <span className="tour-route-map__badge" aria-label="Stop 1">
                  1
                </span>
                {startPlace.role === 'start-end' ? 'Start and finish' : 'Start'} · {startPlace.name}
              </li>
            )}
            {route.days.map((day) => (
              <li key={day.day} className={day.staysPut ? 'tour-route-map__stay' : undefined}>
                <span
                  className="tour-route-map__badge"
                  aria-label={day.place ? `Stop ${day.place.number}` : undefined}
                  aria-hidden={day.place ? undefined : true}
                >
                  {day.place?.number ?? (day.backToStart ? 1 : '·')}
                </span>
                {routeDayText(day, startPlace?.name, units)}
              </li>
            ))}
            {endPlace && (
              <li>
                <span
                  className="tour-route-map__badge tour-route-map__badge--end"
                  aria-label={`Stop ${endPlace.number}`}
                >
                  {endPlace.number}
                </span>
                Finish · {endPlace.name}
              </li>
            )}
          </ol>
        </figcaption>
      )}
    </figure>
  );
}
