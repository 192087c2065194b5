import type { MeasurementSystem } from '@gallop/i18n';
import { Breadcrumbs, countText } from '@gallop/ui-kit';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ButtonLink } from '../../../../components/button-link/button-link';
import { useApi } from '../../../../lib/api';
import {
  climateQueryOptions,
  countryPlacesQueryOptions,
  placeSearchHref,
  type Destination,
  type WeatherPlace,
} from '../../api';
import { weatherPagePath } from '../../weather-path';
import { ClimateChart } from '../climate-chart/climate-chart';
import { ClimateSummary } from '../climate-summary/climate-summary';
import { ClimateTable } from '../climate-table/climate-table';
import { UnitSwitch } from '../unit-switch/unit-switch';
import { WeatherMap } from '../weather-map/weather-map';
import './weather-page.css';

export interface WeatherPageProps {
  place: WeatherPlace;
  /** The units of the visitor's country; the visitor can switch. */
  defaultSystem: MeasurementSystem;
}

/** The weather page (`/{country}[/{place}]/climate-and-weather`), from what the loader fetched. */
export function WeatherPage({ place, defaultSystem }: WeatherPageProps) {
  const api = useApi();
  const { data: climate } = useSuspenseQuery(climateQueryOptions(api, place));
  const { data: regions } = useSuspenseQuery(
    countryPlacesQueryOptions(api, place.country.id, 'region'),
  );
  const [system, setSystem] = useState(defaultSystem);
  const inCountry = place.kind !== 'country';
  const fullName = inCountry ? `${place.name}, ${place.country.name}` : place.name;
  const breadcrumbs = [
    { url: '/', text: 'Home' },
    { url: '/destinations', text: 'Destinations' },
    ...(inCountry
      ? [{ url: weatherPagePath([place.country.slug]), text: place.country.name }]
      : []),
    { url: weatherPagePath(place.slugs), text: `Weather in ${place.name}` },
  ];
  return (
    <article className="weather-page page-container">
      <Breadcrumbs items={breadcrumbs} className="weather-page__breadcrumbs" />
      <header className="weather-page__header">
        <h1 className="display-heading weather-page__title">Climate and weather in {fullName}</h1>
        <p className="weather-page__lead">
          Average day and night temperatures, rainfall and sunny days for every month of the year,
          to help you pick the season for your ride.
        </p>
      </header>

      <section className="weather-page__section" aria-labelledby="weather-year-heading">
        <div className="weather-page__section-head">
          <h2 id="weather-year-heading" className="display-heading weather-page__heading">
            The year at a glance
          </h2>
          <UnitSwitch system={system} onChange={setSystem} />
        </div>
        <ClimateSummary months={climate.months} system={system} />
        <div className="weather-page__chart">
          <ClimateChart months={climate.months} system={system} />
        </div>
      </section>

      <section className="weather-page__section" aria-labelledby="weather-months-heading">
        <h2 id="weather-months-heading" className="display-heading weather-page__heading">
          Month by month
        </h2>
        <ClimateTable months={climate.months} system={system} placeName={fullName} />
        <p className="weather-page__note">
          Long-term averages for {fullName}. Mountains and coasts can differ from them by several
          degrees: ask your tour provider what to pack for the route.
        </p>
      </section>

      <section className="weather-page__section" aria-labelledby="weather-map-heading">
        <h2 id="weather-map-heading" className="display-heading weather-page__heading">
          Where to ride in and around {place.name}
        </h2>
        <WeatherMap place={place} />
      </section>

      <aside className="weather-page__tours" aria-labelledby="weather-tours-heading">
        <div>
          <h2 id="weather-tours-heading" className="display-heading weather-page__heading">
            Ride in {place.name}
          </h2>
          <p>
            {countText('{count} tour(s)', place.toursCount)} with local providers, with dates and
            prices you can compare.
          </p>
        </div>
        <ButtonLink href={placeSearchHref(place)} theme="primary" size="lg">
          Find tours in {place.name}
        </ButtonLink>
      </aside>

      <OtherPlaces place={place} regions={regions.items} />
    </article>
  );
}

/** Links to the weather of the country's other regions (and of the whole country). */
function OtherPlaces({ place, regions }: { place: WeatherPlace; regions: Destination[] }) {
  const others = regions.filter((region) => !(place.kind === 'region' && region.id === place.id));
  if (others.length === 0 && place.kind === 'country') return null;
  return (
    <nav className="weather-page__section" aria-labelledby="weather-places-heading">
      <h2 id="weather-places-heading" className="display-heading weather-page__heading">
        Weather elsewhere in {place.country.name}
      </h2>
      <ul className="weather-page__places">
        {place.kind !== 'country' && (
          <li>
            <a href={weatherPagePath([place.country.slug])}>All of {place.country.name}</a>
          </li>
        )}
        {others.map((region) => (
          <li key={region.id}>
            <a href={weatherPagePath([place.country.slug, region.slug])}>{region.name}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
