import type { WeatherPlace } from './api';
import { weatherPagePath } from './weather-path';

/** Title, description and canonical address of a weather page. */
export function weatherHeadData(place: WeatherPlace) {
  const name = place.kind === 'country' ? place.name : `${place.name}, ${place.country.name}`;
  return {
    title: `Climate and weather in ${name}`,
    description: `Month-by-month climate of ${name}: average day and night temperatures, rainfall and sunny days, and the months that suit a riding holiday best.`,
    canonical: weatherPagePath(place.slugs),
  };
}
