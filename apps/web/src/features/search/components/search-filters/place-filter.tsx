import type { SearchFilters } from '@gallop/search-filters';
import { CityAutocomplete, Select, type City } from '@gallop/ui-kit';
import type { FilterChange } from './search-filters';

/** A city the autocomplete found, with its centre when the API gives it (`/spa/cities-by-query`). */
export type PlaceCity = City & { lat?: number | undefined; lng?: number | undefined };

/** The radius a place search starts with: the API's own default (`DEFAULT_RADIUS_KM`). */
const DEFAULT_PLACE_RADIUS_KM = 100;
const PLACE_RADII_KM = [25, 50, 100, 300, 1000] as const;

/** The fields of a place search: cleared together. */
const NO_PLACE: FilterChange = {
  placeName: undefined,
  lat: undefined,
  lng: undefined,
  radius: undefined,
};

export interface PlaceFilterProps {
  filters: SearchFilters;
  searchCities: (query: string) => Promise<readonly PlaceCity[]>;
  onChange: (change: FilterChange) => void;
}

/**
 * Tours starting within a radius of a city (the `placeName`, `lat`/`lng` and `radius` filters):
 * the spec's city autocomplete ('Select city', 'Start typing'), then how far around it.
 */
export function PlaceFilter({ filters, searchCities, onChange }: PlaceFilterProps) {
  const place = filters.placeName;
  const pick = (city: PlaceCity | null) => {
    if (!city) {
      onChange(NO_PLACE);
      return;
    }
    const hasCentre = city.lat !== undefined && city.lng !== undefined;
    onChange({
      placeName: city.name,
      // Without a centre the API looks the name up among its cities.
      lat: hasCentre ? city.lat : undefined,
      lng: hasCentre ? city.lng : undefined,
      radius: filters.radius ?? DEFAULT_PLACE_RADIUS_KM,
    });
  };
  return (
    <div className="search-filters__place">
      <CityAutocomplete
        // A new place (or none, after 'Clear all') starts the field afresh with its name.
        key={place ?? ''}
        value={place ? { id: `place:${place}`, name: place } : null}
        searchCities={searchCities}
        onChange={(city) => pick(city as PlaceCity | null)}
      />
      {place && (
        <>
          <Select
            label="Within"
            items={PLACE_RADII_KM.map((km) => ({ value: km, text: `${km} km` }))}
            value={filters.radius ?? DEFAULT_PLACE_RADIUS_KM}
            onChange={(radius) => onChange({ radius })}
          />
          <button type="button" className="search-link-button" onClick={() => onChange(NO_PLACE)}>
            Anywhere
          </button>
        </>
      )}
    </div>
  );
}
