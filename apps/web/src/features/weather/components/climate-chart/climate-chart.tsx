import type { MeasurementSystem } from '@gallop/i18n';
import type { CSSProperties } from 'react';
import {
  rainIn,
  rainUnit,
  shortMonthName,
  temperatureIn,
  temperatureUnit,
  type ClimateMonth,
} from '../../climate';
import './climate-chart.css';

export interface ClimateChartProps {
  months: readonly ClimateMonth[];
  system: MeasurementSystem;
}

/** Where a value sits between `low` (0 %) and `high` (100 %). */
function share(value: number, low: number, high: number): number {
  return high === low ? 50 : ((value - low) / (high - low)) * 100;
}

const percent = (value: number) => `${value.toFixed(2)}%`;

/** Positions travel as custom properties: phones lay the bars out across, wider screens upright. */
function barStyle(low: number, high: number, rain: number): CSSProperties {
  return {
    '--climate-low': percent(low),
    '--climate-high': percent(high),
    '--climate-rain': percent(rain),
  } as CSSProperties;
}

/**
 * The year at a glance: per month a bar from the night to the day temperature, and the rainfall.
 * Plain HTML: one row per month on phones, one column per month on wider screens. The same
 * numbers are in the table that follows; this picture is hidden from screen readers.
 */
export function ClimateChart({ months, system }: ClimateChartProps) {
  const low = Math.min(...months.map((month) => month.temperature_min));
  const high = Math.max(...months.map((month) => month.temperature_max));
  const wettest = Math.max(1, ...months.map((month) => month.precipitation_mm));
  const degrees = (celsius: number) => `${temperatureIn(celsius, system)}°`;
  return (
    <div className="climate-chart" aria-hidden="true">
      <ul className="climate-chart__legend">
        <li className="climate-chart__key climate-chart__key--day">
          Day, {temperatureUnit(system)}
        </li>
        <li className="climate-chart__key climate-chart__key--night">
          Night, {temperatureUnit(system)}
        </li>
        <li className="climate-chart__key climate-chart__key--rain">Rain, {rainUnit(system)}</li>
      </ul>
      <ol className="climate-chart__months">
        {months.map((month) => (
          <li
            key={month.month}
            className="climate-chart__month"
            style={barStyle(
              share(month.temperature_min, low, high),
              share(month.temperature_max, low, high),
              share(month.precipitation_mm, 0, wettest),
            )}
          >
            <span className="climate-chart__label">{shortMonthName(month.month)}</span>
            <div className="climate-chart__temperatures">
              <div className="climate-chart__track">
                <div className="climate-chart__range">
                  <span className="climate-chart__value climate-chart__value--day">
                    {degrees(month.temperature_max)}
                  </span>
                  <span className="climate-chart__value climate-chart__value--night">
                    {degrees(month.temperature_min)}
                  </span>
                </div>
              </div>
            </div>
            <div className="climate-chart__rain">
              <div className="climate-chart__rain-bar" />
              <span className="climate-chart__value climate-chart__value--rain">
                {rainIn(month.precipitation_mm, system)}
              </span>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
