import { getSiteTokensQueryOptions } from '@gallop/api-client/query';
import { MapPreloader } from '@gallop/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { createContext, useContext, useState, type ComponentType } from 'react';
import type { MapStyleChoice } from '../../../../components/map/map-style';
import { MapTourList, type MapTourListItem } from '../../../../components/map/map-tour-list';
import { pinsSketchUrl } from '../../../../components/map/sketch';
import type { MapTourPoint, ToursMapViewProps } from '../../../../components/map/tours-map';
import { useApi } from '../../../../lib/api';
import type { Destination } from '../../api';
import '../../../../components/map/map-figure.css';
import './destinations-map.css';

type CountryPoint = MapTourPoint & MapTourListItem;

const toursText = (count: number) => (count === 1 ? '1 tour' : `${count} tours`);
const countriesTitle = (count: number) => `${count} countries: zoom in`;

/** The countries a map can mark: those with a centre (every country with tours has one). */
export function countryPoints(countries: readonly Destination[]): CountryPoint[] {
  return countries.flatMap((country) =>
    country.centre
      ? [
          {
            id: country.id,
            slug: country.slug,
            name: country.name,
            lat: country.centre.lat,
            lng: country.centre.lng,
            priceText: toursText(country.tours_count ?? 0),
          },
        ]
      : [],
  );
}

// The map is loaded once; the country the list points at reaches it through here.
const Highlight = createContext<{
  highlightedId: number | undefined;
  onHighlight: (id: number | undefined) => void;
}>({ highlightedId: undefined, onHighlight: () => undefined });

function CountriesMap({
  View,
  points,
  style,
}: {
  View: ComponentType<ToursMapViewProps>;
  points: readonly CountryPoint[];
  style: MapStyleChoice;
}) {
  const navigate = useNavigate();
  const highlight = useContext(Highlight);
  const pick = (id: number) => {
    const country = points.find((point) => point.id === id);
    if (country) void navigate({ to: '/$slug', params: { slug: country.slug } });
  };
  return (
    <View
      points={points}
      style={style}
      label="Map of the countries with horseback tours"
      clusterTitle={countriesTitle}
      onPick={pick}
      {...highlight}
    />
  );
}

const PREVIEW = pinsSketchUrl([
  { x: 150, y: 140, radius: 12 },
  { x: 420, y: 120, radius: 14 },
  { x: 470, y: 220, radius: 10 },
  { x: 290, y: 285, radius: 11 },
]);

/**
 * 'Show on map' on the destinations page: every country with tours, marked where its tours start
 * (the catalogue keeps no outline of a country) with its number of tours; a click opens the
 * country's page. The same countries are a list of links beside it, for the keyboard.
 */
export function DestinationsMap({ countries }: { countries: readonly Destination[] }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const [highlightedId, setHighlightedId] = useState<number>();
  const points = countryPoints(countries);

  const loadMap = async () => {
    const [{ ToursMapView }, { mapStyleChoice }, tokens] = await Promise.all([
      import('../../../../components/map/tours-map'),
      import('../../../../components/map/map-style'),
      // Without the tokens (an API hiccup) the built-in base map still draws.
      queryClient.fetchQuery(getSiteTokensQueryOptions(api)).catch(() => undefined),
    ]);
    setShown(true);
    return <CountriesMap View={ToursMapView} points={points} style={mapStyleChoice(tokens)} />;
  };

  if (points.length === 0) return null;
  return (
    <figure className="map-figure destinations-map">
      <Highlight.Provider value={{ highlightedId, onHighlight: setHighlightedId }}>
        <MapPreloader
          previewUrl={PREVIEW}
          previewAlt="Sketch of a world map with the countries to ride in"
          loadMap={loadMap}
          height={320}
        />
      </Highlight.Provider>
      {shown && (
        <figcaption>
          <MapTourList
            tours={points}
            title="Countries on the map as a list"
            onHighlight={setHighlightedId}
          />
        </figcaption>
      )}
    </figure>
  );
}
