import type { MeasurementSystem } from '@gallop/i18n';
import type { ReactNode } from 'react';
import { formatRain, formatTemperature, monthName, type ClimateMonth } from '../../climate';
import './climate-table.css';

export interface ClimateTableProps {
  months: readonly ClimateMonth[];
  system: MeasurementSystem;
  /** The place, for the table's caption. */
  placeName: string;
  /** With it, a last column says how each month suits riding (the season check). */
  forRiding?: ((month: ClimateMonth) => ReactNode) | undefined;
  /** False leaves the sunny days out (a narrow widget); by default they show when known. */
  sunnyDays?: boolean | undefined;
}

/** Month by month: day and night temperature, rainfall and, when known, sunny days. */
export function ClimateTable({
  months,
  system,
  placeName,
  forRiding,
  sunnyDays = true,
}: ClimateTableProps) {
  const hasSunnyDays = sunnyDays && months.some((month) => month.sunny_days !== undefined);
  return (
    // The table scrolls sideways on a phone: a named, focusable region lets keyboard users scroll it.
    <div
      className="climate-table"
      role="region"
      aria-label={`Average weather in ${placeName} by month`}
      tabIndex={0}
    >
      <table className="climate-table__table">
        <caption className="climate-table__caption">
          Average weather in {placeName} by month
        </caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Day</th>
            <th scope="col">Night</th>
            <th scope="col">Rain</th>
            {hasSunnyDays && <th scope="col">Sunny days</th>}
            {forRiding && <th scope="col">For riding</th>}
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthName(month.month)}</th>
              <td className="climate-table__day">
                {formatTemperature(month.temperature_max, system)}
              </td>
              <td className="climate-table__night">
                {formatTemperature(month.temperature_min, system)}
              </td>
              <td>{formatRain(month.precipitation_mm, system)}</td>
              {hasSunnyDays && <td>{month.sunny_days ?? '–'}</td>}
              {forRiding && <td className="climate-table__riding">{forRiding(month)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
