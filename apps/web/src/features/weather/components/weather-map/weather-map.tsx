import type { components } from '@gallop/api-client';
import { getSiteTokensQueryOptions, listTourMapPointsQueryOptions } from '@gallop/api-client/query';
import { formatPrice } from '@gallop/currency';
import { MapPreloader } from '@gallop/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { createContext, useContext, useState, type ComponentType } from 'react';
import type { MapStyleChoice } from '../../../../components/map/map-style';
import { MapTourList, type MapTourListItem } from '../../../../components/map/map-tour-list';
import { pinsSketchUrl } from '../../../../components/map/sketch';
import type {
  MapPlace,
  MapTourPoint,
  ToursMapViewProps,
} from '../../../../components/map/tours-map';
import { useApi } from '../../../../lib/api';
import { placeFilter, type WeatherPlace } from '../../api';
import { AROUND_PLACE_KM, mergeTours, placeCentre } from './place-tours';
import '../../../../components/map/map-figure.css';

type TourMapPoint = components['schemas']['TourMapPoint'];

interface PlaceTours {
  place: MapPlace | undefined;
  tours: (MapTourPoint & MapTourListItem)[];
}

interface LoadedMapProps extends PlaceTours {
  View: ComponentType<ToursMapViewProps>;
  style: MapStyleChoice;
  label: string;
}

// The map is loaded once; the tour the list points at reaches it through here.
const Highlight = createContext<{
  highlightedId: number | undefined;
  onHighlight: (id: number | undefined) => void;
}>({ highlightedId: undefined, onHighlight: () => undefined });

function PlaceMap({ View, tours, ...props }: LoadedMapProps) {
  const navigate = useNavigate();
  const highlight = useContext(Highlight);
  const pick = (id: number) => {
    const tour = tours.find((point) => point.id === id);
    if (tour) void navigate({ to: '/$slug', params: { slug: tour.slug } });
  };
  return <View points={tours} onPick={pick} {...highlight} {...props} />;
}

const PREVIEW = pinsSketchUrl([{ x: 300, y: 170, radius: 14 }]);

/**
 * 'Show on map' on a place's page: the place and the tours in and around it. The place's own
 * tours (`/spa/tours-map` with the place's filter) place it; the tours within 300 km of that
 * centre join them.
 */
export function WeatherMap({ place }: { place: Pick<WeatherPlace, 'kind' | 'id' | 'name'> }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [found, setFound] = useState<PlaceTours>();
  const [highlightedId, setHighlightedId] = useState<number>();
  const mapPoints = (
    query: NonNullable<Parameters<typeof listTourMapPointsQueryOptions>[1]>['query'],
  ) => queryClient.fetchQuery(listTourMapPointsQueryOptions(api, { query }));

  const loadMap = async () => {
    const [{ ToursMapView }, { mapStyleChoice }, tokens, own] = await Promise.all([
      import('../../../../components/map/tours-map'),
      import('../../../../components/map/map-style'),
      // Without the tokens (an API hiccup) the built-in base map still draws.
      queryClient.fetchQuery(getSiteTokensQueryOptions(api)).catch(() => undefined),
      mapPoints(placeFilter(place)),
    ]);
    const centre = placeCentre(own.points);
    const around: TourMapPoint[] = centre
      ? (await mapPoints({ ...centre, radius: AROUND_PLACE_KM })).points
      : [];
    const tours = mergeTours(own.points, around).map((point) => ({
      ...point,
      priceText: formatPrice(point.price, point.currency),
    }));
    const shown = { place: centre && { name: place.name, ...centre }, tours };
    setFound(shown);
    return (
      <PlaceMap
        View={ToursMapView}
        style={mapStyleChoice(tokens)}
        {...shown}
        label={`Map of ${place.name} and the tours around it`}
      />
    );
  };

  return (
    <figure className="map-figure">
      <Highlight.Provider value={{ highlightedId, onHighlight: setHighlightedId }}>
        <MapPreloader
          previewUrl={PREVIEW}
          previewAlt={`Sketch of a map of ${place.name}`}
          loadMap={loadMap}
          height={300}
        />
      </Highlight.Provider>
      {found && (
        <figcaption>
          <MapTourList tours={found.tours} onHighlight={setHighlightedId} />
        </figcaption>
      )}
    </figure>
  );
}
