import {
  type CalendarDate,
  GregorianCalendar,
  endOfMonth,
  endOfWeek,
  isSameDay,
  isSameMonth,
  startOfWeek,
  toCalendarDate,
} from '@internationalized/date';
import { useEffect, useRef, type KeyboardEvent, type Ref } from 'react';
import { Button } from 'react-aria-components';
import {
  useCalendar,
  useCalendarCell,
  useCalendarGrid,
  type CalendarAria,
} from 'react-aria/useCalendar';
import { useDateFormatter } from 'react-aria/useDateFormatter';
import { useLocale } from 'react-aria/I18nProvider';
import { useRangeCalendar } from 'react-aria/useRangeCalendar';
import { useCalendarState, type CalendarState } from 'react-stately/useCalendarState';
import {
  useRangeCalendarState,
  type RangeCalendarState,
} from 'react-stately/useRangeCalendarState';
import { cx } from '../internal/class-names';
import { CALENDAR_WEEKS, type WeekDay } from './calendar';

const WEEK_DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/**
 * Gregorian only, as before: React Aria's default `createCalendar` would bundle every calendar
 * system (Japanese, Hebrew, Islamic ...) for locales that use one.
 */
const createCalendar = () => new GregorianCalendar();

type AnyCalendarState = CalendarState | RangeCalendarState;

/** Home and End: the focused week's first and last day (the WAI-ARIA date picker dialog). */
const WEEK_EDGE_KEYS: Partial<Record<string, typeof startOfWeek>> = {
  Home: startOfWeek,
  End: endOfWeek,
};

export interface CalendarViewProps {
  /** Months shown side by side. */
  monthCount: number;
  minValue?: CalendarDate;
  maxValue?: CalendarDate;
  weekStart: WeekDay;
  /** The day that takes focus when the calendar opens. */
  focusDay: CalendarDate;
  /** The day marked as today. */
  today: CalendarDate;
  previousLabel: string;
  nextLabel: string;
}

/** What React Aria's calendar states share: min/max, paging and focus on open. */
function stateOptions(view: CalendarViewProps, locale: string) {
  return {
    locale,
    createCalendar,
    minValue: view.minValue,
    maxValue: view.maxValue,
    visibleDuration: { months: view.monthCount },
    // The arrows move one month, also when two are shown (as they did).
    pageBehavior: 'single' as const,
    firstDayOfWeek: WEEK_DAY_NAMES[view.weekStart],
    defaultFocusedValue: view.focusDay,
    // Opening puts focus on the chosen day, not on the dialog's first button.
    autoFocus: true,
  };
}

/** A calendar for one day (React Aria's useCalendar). */
export function SingleDayCalendar({
  value,
  onChange,
  ...view
}: CalendarViewProps & {
  value: CalendarDate | null;
  onChange: (day: CalendarDate) => void;
}) {
  const { locale } = useLocale();
  const state = useCalendarState<CalendarDate>({
    ...stateOptions(view, locale),
    value,
    onChange: (day) => onChange(toCalendarDate(day)),
  });
  const aria = useCalendar({ minValue: view.minValue, maxValue: view.maxValue }, state);
  return <CalendarLayout state={state} aria={aria} view={view} />;
}

/**
 * A calendar for a range of days (React Aria's useRangeCalendar): the first press starts the
 * range, the second ends it. `onSelecting` says whether a range is half chosen.
 */
export function DayRangeCalendar({
  value,
  onChange,
  onSelecting,
  ...view
}: CalendarViewProps & {
  value: { start: CalendarDate; end: CalendarDate } | null;
  onChange: (range: { start: CalendarDate; end: CalendarDate }) => void;
  onSelecting: (selecting: boolean) => void;
}) {
  const { locale } = useLocale();
  const state = useRangeCalendarState<CalendarDate>({
    ...stateOptions(view, locale),
    value,
    onChange: (range) =>
      onChange({ start: toCalendarDate(range.start), end: toCalendarDate(range.end) }),
  });
  const selecting = state.anchorDate !== null;
  useEffect(() => onSelecting(selecting), [selecting]); // eslint-disable-line react-hooks/exhaustive-deps
  const ref = useRef<HTMLDivElement>(null);
  const aria = useRangeCalendar({ minValue: view.minValue, maxValue: view.maxValue }, state, ref);
  return <CalendarLayout state={state} aria={aria} view={view} calendarRef={ref} />;
}

function CalendarLayout({
  state,
  aria,
  view,
  calendarRef,
}: {
  state: AnyCalendarState;
  aria: CalendarAria;
  view: CalendarViewProps;
  calendarRef?: Ref<HTMLDivElement>;
}) {
  const months = Array.from({ length: view.monthCount }, (_, index) =>
    state.visibleRange.start.add({ months: index }),
  );
  return (
    <div {...aria.calendarProps} ref={calendarRef} className="gk-datepicker__calendar">
      <div className="gk-datepicker__nav">
        <Button
          {...aria.prevButtonProps}
          aria-label={view.previousLabel}
          className="gk-datepicker__arrow"
        >
          <span aria-hidden="true">‹</span>
        </Button>
        <Button
          {...aria.nextButtonProps}
          aria-label={view.nextLabel}
          className="gk-datepicker__arrow"
        >
          <span aria-hidden="true">›</span>
        </Button>
      </div>
      <div className="gk-datepicker__months">
        {months.map((month) => (
          <MonthGrid
            key={month.toString()}
            state={state}
            month={month}
            today={view.today}
            weekStart={view.weekStart}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * One month as a 6 x 7 grid (the spec's fixed height, where React Aria would draw 4 to 6
 * weeks); days of the months around stay empty cells. Keys are React Aria's useCalendarGrid,
 * but for Home and End: the week's first and last day, as the WAI-ARIA date picker dialog has
 * them (React Aria goes to the month's).
 */
function MonthGrid({
  state,
  month,
  today,
  weekStart,
}: {
  state: AnyCalendarState;
  month: CalendarDate;
  today: CalendarDate;
  weekStart: WeekDay;
}) {
  const { locale } = useLocale();
  const { gridProps } = useCalendarGrid({ startDate: month, endDate: endOfMonth(month) }, state);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const edge = WEEK_EDGE_KEYS[event.key];
    if (!edge || event.shiftKey || event.ctrlKey || event.metaKey || event.altKey)
      return gridProps.onKeyDown?.(event);
    event.preventDefault();
    state.setFocusedDate(edge(state.focusedDate, locale, WEEK_DAY_NAMES[weekStart]));
  };
  const monthName = useDateFormatter({ month: 'long', year: 'numeric', timeZone: state.timeZone });
  const shortDay = useDateFormatter({ weekday: 'short', timeZone: state.timeZone });
  const longDay = useDateFormatter({ weekday: 'long', timeZone: state.timeZone });
  const weeks = Array.from({ length: CALENDAR_WEEKS }, (_, week) =>
    state.getDatesInWeek(week, month),
  );
  return (
    <div className="gk-datepicker__month">
      {/* The grid carries the month as its name; this is the visible title. */}
      <p className="gk-datepicker__month-name" aria-hidden="true">
        {monthName.format(month.toDate(state.timeZone))}
      </p>
      <table {...gridProps} onKeyDown={onKeyDown} className="gk-datepicker__grid">
        {/* Unlike React Aria's, the column headers stay for screen readers, with full names. */}
        <thead>
          <tr>
            {weeks[0]!.map((day, index) => {
              const date = day?.toDate(state.timeZone);
              return (
                <th key={index} scope="col" abbr={date && longDay.format(date)}>
                  {date && shortDay.format(date)}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {weeks.map((days, week) => (
            <tr key={week}>
              {days.map((day, index) =>
                day && isSameMonth(day, month) ? (
                  <DayCell key={index} state={state} day={day} today={today} />
                ) : (
                  <td key={index} role="gridcell" className="gk-datepicker__cell" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A day: React Aria's useCalendarCell names it ("Wednesday, May 20, 2026 selected"), selects
 * it on press and takes focus when the keyboard moves there. Days outside min/max are disabled.
 */
function DayCell({
  state,
  day,
  today,
}: {
  state: AnyCalendarState;
  day: CalendarDate;
  today: CalendarDate;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  const { cellProps, buttonProps, isSelected, isDisabled, formattedDate } = useCalendarCell(
    { date: day },
    state,
    ref,
  );
  const range = 'highlightedRange' in state ? state.highlightedRange : null;
  // In a range only its ends are filled; the days between are tinted.
  const end = isSelected && (!range || isSameDay(day, range.start) || isSameDay(day, range.end));
  return (
    <td {...cellProps} className="gk-datepicker__cell">
      <button
        {...buttonProps}
        ref={ref}
        type="button"
        disabled={isDisabled}
        className={cx(
          'gk-datepicker__day',
          end && 'gk-datepicker__day--selected',
          isSelected && !end && 'gk-datepicker__day--between',
          isSameDay(day, today) && 'gk-datepicker__day--today',
        )}
      >
        {formattedDate}
      </button>
    </td>
  );
}
