import type { components } from '@gallop/api-client';
import { getSiteTokensQueryOptions, listTourMapPointsQueryOptions } from '@gallop/api-client/query';
import { formatPrice } from '@gallop/currency';
import { MapPreloader } from '@gallop/ui-kit';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { createContext, useContext, useEffect, useMemo, useState, type ComponentType } from 'react';
import type { MapStyleChoice } from '../../../../components/map/map-style';
import { MapTourList } from '../../../../components/map/map-tour-list';
import { pinsSketchUrl } from '../../../../components/map/sketch';
import type { SearchArea } from '../../../../components/map/search-area';
import type { ToursMapViewProps } from '../../../../components/map/tours-map';
import { useApi } from '../../../../lib/api';
import type { FacetOption } from '../../api';
import { useHighlightedTour, useHighlightTour } from '../../map-highlight';
import './search-map.css';

/** Pins per country: a country's id places it the same way on the server and in the browser. */
function pinPosition(value: FacetOption['value']): { x: number; y: number } {
  const id = Number(value) || String(value).length;
  return { x: 40 + ((id * 97) % 520), y: 60 + ((id * 53) % 230) };
}

/** A drawn overview of where the results are: one pin per country, sized by its tours. */
function destinationsSketchUrl(countries: readonly FacetOption[]): string {
  const top = countries.slice(0, 12);
  const most = Math.max(1, ...top.map((country) => country.count));
  return pinsSketchUrl(
    top.map((country) => ({
      ...pinPosition(country.value),
      radius: 6 + Math.round((country.count / most) * 10),
    })),
  );
}

/**
 * The countries the results go to, with how many of them go there. The countries facet counts
 * each country as if it alone were chosen: with countries chosen, only the chosen ones hold
 * results, and their counts are exactly the results that go there.
 */
export function resultCountries(
  facet: readonly FacetOption[],
  chosen: readonly number[] | undefined,
): FacetOption[] {
  if (!chosen || chosen.length === 0) return [...facet];
  return facet.filter((country) => chosen.includes(Number(country.value)));
}

type ToursMapQuery = NonNullable<Parameters<typeof listTourMapPointsQueryOptions>[1]>['query'];
type TourMapPoint = components['schemas']['TourMapPoint'];

export interface SearchMapProps {
  /** Where the results go (`resultCountries`): the preview's sketch. */
  countries: readonly FacetOption[];
  /** The search's query, as the list asks `/spa/tours` (no page). */
  query: ToursMapQuery;
  /** Changes with each new search (the view fits the new results then). */
  searchKey: string;
  /** 'Search this area': sets the search's place to the map's view. */
  onSearchArea: (area: SearchArea) => void;
}

interface LoadedMap {
  View: ComponentType<ToursMapViewProps>;
  style: MapStyleChoice;
}

// The opened map follows the search: it is loaded once, and reads the search from here.
const MapContent = createContext<SearchMapProps | undefined>(undefined);

/** The card of a tour, when this page of results shows it. */
const cardOf = (id: number) =>
  document.querySelector<HTMLElement>(`.search-page__item[data-tour-id="${id}"]`);

/** Marks the highlighted tour's card, and unmarks the one before. */
function useCardHighlight(id: number | undefined) {
  useEffect(() => {
    if (id === undefined) return;
    const card = cardOf(id);
    card?.classList.add('search-page__item--highlighted');
    return () => card?.classList.remove('search-page__item--highlighted');
  }, [id]);
}

function tourMapQueryOptions(api: ReturnType<typeof useApi>, query: ToursMapQuery) {
  return { ...listTourMapPointsQueryOptions(api, { query }), placeholderData: keepPreviousData };
}

/** The points with the price their marker shows. */
const withPriceText = (points: readonly TourMapPoint[]) =>
  points.map((point) => ({ ...point, priceText: formatPrice(point.price, point.currency) }));

function ResultsMap({ View, style }: LoadedMap) {
  const api = useApi();
  const props = useContext(MapContent)!;
  const navigate = useNavigate();
  const highlighted = useHighlightedTour();
  const highlight = useHighlightTour();
  useCardHighlight(highlighted);
  const { data } = useQuery(tourMapQueryOptions(api, props.query));
  const points = useMemo(() => withPriceText(data?.points ?? []), [data]);
  const pick = (id: number) => {
    const card = cardOf(id);
    if (card) {
      highlight(id);
      card.scrollIntoView({ block: 'center', behavior: 'smooth' });
      return;
    }
    const tour = points.find((point) => point.id === id);
    if (tour) void navigate({ to: '/$slug', params: { slug: tour.slug } });
  };
  return (
    <View
      style={style}
      points={points}
      label={`Map of ${data?.total ?? points.length} tours found`}
      fitKey={props.searchKey}
      highlightedId={highlighted}
      onHighlight={highlight}
      onPick={pick}
      onSearchArea={props.onSearchArea}
    />
  );
}

/** The map's tours as links under it, once it is open. */
function ResultsMapList() {
  const api = useApi();
  const props = useContext(MapContent)!;
  const highlight = useHighlightTour();
  const { data } = useQuery(tourMapQueryOptions(api, props.query));
  if (!data) return null;
  return (
    <MapTourList tours={withPriceText(data.points)} total={data.total} onHighlight={highlight} />
  );
}

/**
 * The map preloader of the results: a sketch of where they go, and on 'Show on map' a real map
 * (its own chunk) of every result of the current filters (`/spa/tours-map`), clustered, each with
 * its price. Once open it follows every new search; moving it offers 'Search this area'.
 */
export function SearchMap(props: SearchMapProps) {
  const { countries } = props;
  const api = useApi();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const loadMap = async () => {
    const [{ ToursMapView }, { mapStyleChoice }, tokens] = await Promise.all([
      import('../../../../components/map/tours-map'),
      import('../../../../components/map/map-style'),
      // Without the tokens (an API hiccup) the built-in base map still draws.
      queryClient.fetchQuery(getSiteTokensQueryOptions(api)).catch(() => undefined),
      queryClient.prefetchQuery(tourMapQueryOptions(api, props.query)),
    ]);
    setOpen(true);
    return <ResultsMap View={ToursMapView} style={mapStyleChoice(tokens)} />;
  };
  return (
    <MapContent.Provider value={props}>
      <div className="search-map">
        <MapPreloader
          previewUrl={destinationsSketchUrl(countries)}
          previewAlt={`Sketch of the destinations: ${countries
            .slice(0, 5)
            .map((country) => country.text)
            .join(', ')}`}
          loadMap={loadMap}
          height={300}
        />
        {open && <ResultsMapList />}
      </div>
    </MapContent.Provider>
  );
}
