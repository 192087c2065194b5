import type { MeasurementSystem } from '@gallop/i18n';
import { RIDING_SEASON } from '../../../../lib/season';
import {
  climateHighlights,
  describeMonths,
  formatRain,
  formatTemperature,
  monthName,
  pleasantMonths,
  type ClimateMonth,
} from '../../climate';
import './climate-summary.css';

export interface ClimateSummaryProps {
  months: readonly ClimateMonth[];
  system: MeasurementSystem;
}

/** The year in a few facts: the months that suit riding, and the warmest, coolest, wettest, driest. */
export function ClimateSummary({ months, system }: ClimateSummaryProps) {
  const highlights = climateHighlights(months);
  if (!highlights) return null;
  const pleasant = describeMonths(pleasantMonths(months));
  const temperature = (celsius: number) => formatTemperature(celsius, system);
  const rule =
    `days of ${temperature(RIDING_SEASON.goodHighMinC)} to ${temperature(RIDING_SEASON.goodHighMaxC)} ` +
    `and up to ${formatRain(RIDING_SEASON.goodRainMaxMm, system)} of rain in the month; ` +
    `days above ${temperature(RIDING_SEASON.poorHighAboveC)} or below ${temperature(RIDING_SEASON.poorHighBelowC)}, ` +
    `or more than ${formatRain(RIDING_SEASON.poorRainAboveMm, system)} of rain, make a poor month`;
  const facts = [
    {
      label: 'Warmest month',
      month: highlights.warmest.month,
      value: `${formatTemperature(highlights.warmest.temperature_max, system)} by day`,
    },
    {
      label: 'Coolest month',
      month: highlights.coldest.month,
      value: `${formatTemperature(highlights.coldest.temperature_min, system)} at night`,
    },
    {
      label: 'Wettest month',
      month: highlights.wettest.month,
      value: `${formatRain(highlights.wettest.precipitation_mm, system)} of rain`,
    },
    {
      label: 'Driest month',
      month: highlights.driest.month,
      value: `${formatRain(highlights.driest.precipitation_mm, system)} of rain`,
    },
  ];
  return (
    <div className="climate-summary">
      <div className="climate-summary__riding">
        <p className="climate-summary__label">Best months to ride</p>
        <p className="climate-summary__months">
          {pleasant ? capitalize(pleasant) : 'No month is mild and dry at once here'}
        </p>
        <p className="climate-summary__rule">Our rule of thumb: {rule}.</p>
      </div>
      <dl className="climate-summary__facts">
        {facts.map((fact) => (
          <div key={fact.label} className="climate-summary__fact">
            <dt className="climate-summary__label">{fact.label}</dt>
            <dd className="climate-summary__value">
              <strong>{monthName(fact.month)}</strong>
              <span>{fact.value}</span>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
