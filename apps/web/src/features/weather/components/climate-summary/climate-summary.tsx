import type { MeasurementSystem } from '@gallop/i18n';
import {
  PLEASANT_RIDING,
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
  const rule = `days of ${formatTemperature(PLEASANT_RIDING.dayMinC, system)} to ${formatTemperature(
    PLEASANT_RIDING.dayMaxC,
    system,
  )} and up to ${formatRain(PLEASANT_RIDING.rainMaxMm, system)} of rain in the month`;
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
        <p className="climate-summary__label">Pleasant months for riding</p>
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
