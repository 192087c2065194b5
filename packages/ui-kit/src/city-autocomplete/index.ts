export {
  CITY_AUTOCOMPLETE_LIMIT,
  CITY_AUTOCOMPLETE_TEXTS,
  CITY_SEARCH_DEBOUNCE_MS,
  CityAutocomplete,
} from './city-autocomplete';
export type { City, CityAutocompleteProps, CityAutocompleteTexts } from './city-autocomplete';
