import type { MeasurementSystem } from '@gallop/i18n';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApi } from '../../../../lib/api';
import { bestMonths, describeReasons, rateMonth } from '../../../../lib/season';
import { tourClimatePlace, usePlaceClimate } from '../../../../lib/tour-climate';
import { tourMonths } from '../../../../lib/tour-months';
import { countriesQueryOptions } from '../../api';
import { describeMonths, type ClimateMonth } from '../../climate';
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

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The table's 'For riding' cell: the season check's rating, a poor month with its reasons. */
function ForRiding({ month, system }: { month: ClimateMonth; system: MeasurementSystem }) {
  const verdict = rateMonth(month);
  if (verdict.rating === 'good') return <span className="tour-weather__good">Good</span>;
  if (verdict.rating === 'fair') return <span className="tour-weather__fair">Fair</span>;
  return (
    <span className="tour-weather__poor">
      <strong>Poor</strong> <span>{describeReasons(verdict, system)}</span>
    </span>
  );
}

/**
 * The weather widget of a tour page: the best months to ride at the destination (the season
 * check, decision 117), its climate normals for the months the tour's dates fall in (the weather
 * page's data and table) with how each suits riding, and a link to the full weather page.
 * Nothing shows while it loads or when the destination has no climate data.
 */
export function TourWeather({ startCity, countries, dates, defaultSystem }: TourWeatherProps) {
  const api = useApi();
  const headingId = useId();
  const bestId = useId();
  const [system, setSystem] = useState(defaultSystem);
  const [country] = countries;
  const place = tourClimatePlace({ start_city: startCity, countries });
  // An optional widget loaded in the browser; nothing shows while it loads.
  const climate = usePlaceClimate(place);
  const allCountries = useQuery({ ...countriesQueryOptions(api), enabled: country !== undefined });
  if (!place || !climate.data || climate.data.months.length === 0) return null;

  const wanted = tourMonths(dates);
  const shown = monthsShown(climate.data.months, wanted);
  const best = bestMonths(climate.data.months);
  const bestShown = shown.filter((month) => best.includes(month.month));
  const countrySlug = allCountries.data?.items.find((item) => item.id === country?.id)?.slug;
  const onTheseDates =
    wanted.length === 0 || best.length === 0
      ? undefined
      : bestShown.length === shown.length
        ? 'Every month of these dates is among the best for riding here.'
        : bestShown.length === 0
          ? 'None of these dates falls in the best months.'
          : `Of these months, ${describeMonths(bestShown.map((month) => month.month))} ${bestShown.length === 1 ? 'is' : 'are'} among the best for riding.`;

  return (
    <section className="tour-weather" aria-labelledby={headingId}>
      <div className="tour-weather__head">
        <h3 id={headingId} className="tour-weather__title">
          {wanted.length > 0 ? 'Weather on these dates' : `Weather in ${place.name}`}
        </h3>
        <UnitSwitch system={system} onChange={setSystem} />
      </div>
      <div className="tour-weather__best" role="group" aria-labelledby={bestId}>
        <h4 id={bestId} className="tour-weather__best-title">
          Best months to ride here
        </h4>
        <p className="tour-weather__best-months">
          {best.length > 0
            ? capitalize(describeMonths(best))
            : `No month is both mild and dry in ${place.name}: pack for heat or rain.`}
        </p>
      </div>
      <ClimateTable
        months={shown}
        system={system}
        placeName={place.name}
        // The weather page has the sunny days; here the riding column takes their place.
        sunnyDays={false}
        forRiding={(month) => <ForRiding month={month} system={system} />}
      />
      {onTheseDates && <p className="tour-weather__riding">{onTheseDates}</p>}
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
