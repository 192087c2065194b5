import type { Tour } from '../../features/tour/api';
import { afterNearViewport } from '../../lib/after-near-viewport';
import { useVisitorUnits } from '../../lib/visitor-units';

// Below the dates, and asked of the API by the browser: not in the server's HTML nor in the
// first load (decision 040); loaded as the visitor scrolls towards it (decision 126), so the
// page's load does not pay for its chart and table.
const TourWeather = afterNearViewport(() =>
  import('../../features/weather/components/tour-weather/tour-weather').then(
    ({ TourWeather }) => TourWeather,
  ),
);

function TourWeatherPart({ tour }: { tour: Tour }) {
  // The visitor's country decides the units, as on the weather pages.
  const system = useVisitorUnits();
  return (
    <TourWeather
      startCity={tour.start_city}
      countries={tour.countries ?? []}
      dates={tour.dates}
      defaultSystem={system}
    />
  );
}

/**
 * The weather widget of a tour page (the weather feature's, for the tour's place and months):
 * composed here because features do not import each other.
 */
export const tourWeather = (tour: Tour) => <TourWeatherPart tour={tour} />;
