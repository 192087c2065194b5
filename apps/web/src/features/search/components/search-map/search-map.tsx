import { MapPreloader } from '@gallop/ui-kit';
import { createContext, useContext } from 'react';
import type { FacetOption } from '../../api';
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
  const pins = top
    .map((country) => {
      const { x, y } = pinPosition(country.value);
      const radius = 6 + Math.round((country.count / most) * 10);
      return `<circle cx="${x}" cy="${y}" r="${radius}" fill="#793dfc" fill-opacity="0.85" stroke="#fff" stroke-width="3"/>`;
    })
    .join('');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 350" width="600" height="350">' +
    '<rect width="600" height="350" fill="#eef3f8"/>' +
    '<path d="M40 120c60-50 150-60 210-20s90 80 40 120-160 40-220 10S-10 170 40 120z" fill="#dfe9d6"/>' +
    '<path d="M330 70c70-30 190-20 230 40s10 150-70 170-170-10-200-70 0-120 40-140z" fill="#dfe9d6"/>' +
    '<path d="M250 250c30-20 80-10 90 20s-20 60-60 60-60-60-30-80z" fill="#e9e1f7"/>' +
    `${pins}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
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

export interface SearchMapProps {
  /** Where the results go (`resultCountries`). */
  countries: readonly FacetOption[];
  /** Narrows the search to one country. */
  onPickCountry: (id: number) => void;
}

// What the opened map shows follows the search: the map is loaded once, its content read here.
const MapContent = createContext<SearchMapProps>({ countries: [], onPickCountry: () => undefined });

function ResultDestinations() {
  const { countries, onPickCountry } = useContext(MapContent);
  return (
    <div className="search-map">
      <p className="search-map__title">Where these tours go</p>
      <ul className="search-map__list">
        {countries.map((country) => (
          <li key={country.value}>
            <button
              type="button"
              className="search-map__country"
              onClick={() => onPickCountry(Number(country.value))}
            >
              <span>{country.text}</span>
              <span className="search-map__count">{country.count}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

const loadMap = async () => <ResultDestinations />;

/**
 * The map preloader of the results. No map provider is configured by default, so 'Show on map'
 * opens the destinations of the results with their counts, each one a search of its own; once
 * open, it follows every new search.
 */
export function SearchMap(props: SearchMapProps) {
  const { countries } = props;
  return (
    <MapContent.Provider value={props}>
      <MapPreloader
        previewUrl={destinationsSketchUrl(countries)}
        previewAlt={`Sketch of the destinations: ${countries
          .slice(0, 5)
          .map((country) => country.text)
          .join(', ')}`}
        loadMap={loadMap}
        height={220}
      />
    </MapContent.Provider>
  );
}
