import type { MeasurementSystem } from '@gallop/i18n';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApi } from '../../../../lib/api';
import { climateQueryOptions, countriesQueryOptions } from '../../api';
import { describeMonths, pleasantMonths, type ClimateMonth } from '../../climate';
import { tourMonths } from '../../tour-months';
import { weatherPagePath } from '../../weather-path';
import { ClimateTable } from '../climate-table/climate-table';
import { UnitSwitch } from '../unit-switch/unit-switch';
import './tour-weather.css';

interface NamedPlace {
  id: number;
  name: string;
}

export interface TourWeatherProps {
  /** Where the tour starts: its climate is read there; without one, in its first country. */
  startCity?: NamedPlace | undefined;
  countries: readonly NamedPlace[];
  /** The tour's upcoming dates: the widget shows their months, or the whole year without any. */
  dates: readonly { start: string; end: string }[];
  /** The units of the visitor's country; the visitor can switch. */
  defaultSystem: MeasurementSystem;
}

/** The months of `wanted` (in its order) that the normals have; every month when none is wanted. */
function monthsShown(months: readonly ClimateMonth[], wanted: readonly number[]): ClimateMonth[] {
  if (wanted.length === 0) return [...months];
  return wanted.flatMap((number) => months.filter((month) => month.month === number));
}

/**
 * The weather widget of a tour page: the destination's climate normals for the months the tour's
 * dates fall in (the weather page's data and table), which of them suit riding, and a link to the
 * full weather page. Nothing shows while it loads or when the destination has no climate data.
 */
export function TourWeather({ startCity, countries, dates, defaultSystem }: TourWeatherProps) {
  const api = useApi();
  const headingId = useId();
  const [system, setSystem] = useState(defaultSystem);
  const [country] = countries;
  const place = startCity
    ? { kind: 'city' as const, ...startCity }
    : country
      ? { kind: 'country' as const, ...country }
      : undefined;
  // `useQuery`: an optional widget loaded in the browser; nothing shows while it loads.
  const climate = useQuery({
    ...climateQueryOptions(api, place ?? { kind: 'country', id: 0 }),
    enabled: place !== undefined,
    retry: false,
  });
  const allCountries = useQuery({ ...countriesQueryOptions(api), enabled: country !== undefined });
  if (!place || !climate.data || climate.data.months.length === 0) return null;

  const wanted = tourMonths(dates);
  const shown = monthsShown(climate.data.months, wanted);
  const pleasant = pleasantMonths(climate.data.months);
  const pleasantShown = shown.filter((month) => pleasant.includes(month.month));
  const countrySlug = allCountries.data?.items.find((item) => item.id === country?.id)?.slug;
  const riding =
    pleasant.length === 0
      ? `No month is both mild and dry in ${place.name}: pack for heat or rain.`
      : wanted.length === 0
        ? `The pleasant months for riding here: ${describeMonths(pleasant)}.`
        : pleasantShown.length === shown.length
          ? `Every month of these dates is pleasant for riding here.`
          : pleasantShown.length === 0
            ? `The pleasant months for riding here are ${describeMonths(pleasant)}, outside these dates.`
            : `Of these months, ${describeMonths(pleasantShown.map((month) => month.month))} ${pleasantShown.length === 1 ? 'is' : 'are'} the most pleasant for riding.`;

  return (
    <section className="tour-weather" aria-labelledby={headingId}>
      <div className="tour-weather__head">
        <h3 id={headingId} className="tour-weather__title">
          {wanted.length > 0 ? 'Weather on these dates' : `Weather in ${place.name}`}
        </h3>
        <UnitSwitch system={system} onChange={setSystem} />
      </div>
      <ClimateTable months={shown} system={system} placeName={place.name} />
      <p className="tour-weather__riding">{riding}</p>
      {country && countrySlug && (
        <p className="tour-weather__more">
          <a href={weatherPagePath([countrySlug])}>
            Climate and weather in {country.name}, month by month
          </a>
        </p>
      )}
    </section>
  );
}
