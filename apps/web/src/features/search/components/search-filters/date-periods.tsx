import { useQuery } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { useApi } from '../../../../lib/api';
import {
  calendarPeriodsQueryOptions,
  localToday,
  upcomingPeriods,
  type CalendarPeriod,
} from '../../calendar-periods';
import type { FilterChange } from './search-filters';

/** Periods shown before 'More dates': the API lists holidays and seasons first, then months. */
export const DATE_PERIODS_SHOWN = 8;

export interface DatePeriodsProps {
  dateFrom: string | undefined;
  dateTo: string | undefined;
  onChange: (change: FilterChange) => void;
}

const subscribeNever = () => () => undefined;

/**
 * `useHydrated` of src/lib/use-hydrated.ts, inlined: importing it from this chunk would make the
 * page's chunk export it, which changes the first load's code (a budget with bytes to spare).
 */
const useHydrated = () =>
  useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );

const isChosen = (period: CalendarPeriod, dateFrom?: string, dateTo?: string) =>
  period.date_from === dateFrom && period.date_to === dateTo;

/**
 * Holidays, seasons and months ahead (`/spa/calendar-periods`) as quick picks for the date filter:
 * a pick sets `dateFrom` and `dateTo` as the calendar does, the chosen one is pressed, and
 * pressing it again clears the dates. Loaded in the browser with the filters' own chunk (the
 * server renders the filters without them), so the first load does not wait for it. They show
 * from the render after hydration on: a panel that hydrates late (the aside's, once a phone's
 * window widens) may find them cached already, and must first render what the server sent.
 */
export function DatePeriods({ dateFrom, dateTo, onChange }: DatePeriodsProps) {
  const api = useApi();
  // `useQuery`: optional quick picks loaded in the browser (see above), none until they arrive.
  const { data } = useQuery(calendarPeriodsQueryOptions(api));
  const [expanded, setExpanded] = useState(false);
  const hydrated = useHydrated();
  const periods = hydrated ? upcomingPeriods(data?.items ?? [], localToday()) : [];
  if (periods.length === 0) return null;
  const chosenAt = periods.findIndex((period) => isChosen(period, dateFrom, dateTo));
  const showAll = expanded || chosenAt >= DATE_PERIODS_SHOWN;
  const shown = showAll ? periods : periods.slice(0, DATE_PERIODS_SHOWN);
  return (
    <div className="search-periods">
      <ul className="search-periods__list" aria-label="Holidays and seasons">
        {shown.map((period) => {
          const chosen = isChosen(period, dateFrom, dateTo);
          return (
            <li key={`${period.name} ${period.date_from}`}>
              <button
                type="button"
                className="search-period"
                aria-pressed={chosen}
                onClick={() =>
                  onChange(
                    chosen
                      ? { dateFrom: undefined, dateTo: undefined }
                      : { dateFrom: period.date_from, dateTo: period.date_to },
                  )
                }
              >
                {period.name}
              </button>
            </li>
          );
        })}
      </ul>
      {periods.length > DATE_PERIODS_SHOWN && chosenAt < DATE_PERIODS_SHOWN && (
        <button
          type="button"
          className="search-link-button"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Fewer dates' : 'More dates'}
        </button>
      )}
    </div>
  );
}
