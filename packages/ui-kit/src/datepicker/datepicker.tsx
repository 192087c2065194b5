import '../tokens/tokens.css';
import './datepicker.css';
import {
  addDays,
  addMonths,
  addYears,
  endOfWeek,
  isSameDay,
  isSameMonth,
  startOfMonth,
  startOfWeek,
  differenceInCalendarMonths,
} from 'date-fns';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { useControlledState } from 'react-stately/useControlledState';
import { cx } from '../internal/class-names';
import type { AriaNativeProps } from '../internal/root-props';
import { useMediaQuery } from '../internal/use-media-query';
import { Sheet } from '../sheet/sheet';
import { mediaUp } from '../tokens/tokens';
import {
  CALENDAR_DAYS_PER_WEEK,
  formatDay,
  inRange,
  isOutside,
  monthGrid,
  parseBound,
  parseDay,
  pickRange,
  weekStartFor,
  type DayRange,
} from './calendar';

/**
 * Default wording of the calendar.* keys (docs/product.md, Errors; the default labels of
 * Constants).
 */
export const CALENDAR_LABELS = {
  select_dates_title: 'Select dates',
  close_button: 'Go back',
  apply_button: 'Apply',
  previous_month: 'Previous month',
  next_month: 'Next month',
} as const;

/**
 * From this width up the calendar opens in a popover under its button; below it (phones, under
 * md 992) it opens in the bottom Sheet.
 */
export const DATEPICKER_POPOVER_QUERY = mediaUp('md');

export type CalendarLabels = { [Key in keyof typeof CALENDAR_LABELS]: string };

export interface DateRangeValue {
  start: string | null;
  end: string | null;
}

/**
 * Native props, `className`, `style` and `ref` go to the root: the trigger `<button>` that shows
 * the chosen dates (the calendar opens in a popover or sheet outside it).
 */
export interface DatepickerBaseProps extends AriaNativeProps<
  'value' | 'onChange' | 'onClick',
  'button'
> {
  /** React Aria types the trigger's click with a plain `Element`. */
  onClick?: (event: MouseEvent<Element>) => void;
  /** Months shown side by side (1). */
  monthCount?: number;
  /** `'YYYY-MM-DD'` or `'today'` only. */
  min?: string;
  /** `'YYYY-MM-DD'` or `'today'` only. */
  max?: string;
  /** Date locale: month names and the week start (Monday for ru, zh-CN, de). */
  locale?: string;
  labels?: Partial<CalendarLabels>;
  /** For tests and stories: the day that counts as today. */
  today?: Date;
  /** Starts open (stories). */
  defaultOpen?: boolean;
}

/**
 * `value` with `onChange` when the parent holds the dates (controlled; `null` is a value), or
 * `defaultValue` (or nothing) when the picker keeps them itself (uncontrolled).
 */
export type DatepickerProps = DatepickerBaseProps &
  (
    | {
        mode?: 'single';
        value?: string | null;
        defaultValue?: string | null;
        onChange?: (value: string | null) => void;
      }
    | {
        mode: 'range';
        value?: DateRangeValue;
        defaultValue?: DateRangeValue;
        onChange?: (value: DateRangeValue) => void;
      }
  );

type DatepickerValue = string | null | DateRangeValue;

function toRange(value: DatepickerValue): DayRange {
  if (value !== null && typeof value === 'object')
    return { start: parseDay(value.start), end: parseDay(value.end) };
  return { start: parseDay(value) };
}

const KEY_STEPS: Record<string, (day: Date, weekStartsOn: 0 | 1 | 2 | 3 | 4 | 5 | 6) => Date> = {
  ArrowLeft: (day) => addDays(day, -1),
  ArrowRight: (day) => addDays(day, 1),
  ArrowUp: (day) => addDays(day, -7),
  ArrowDown: (day) => addDays(day, 7),
  PageUp: (day) => addMonths(day, -1),
  PageDown: (day) => addMonths(day, 1),
  Home: (day, weekStartsOn) => startOfWeek(day, { weekStartsOn }),
  End: (day, weekStartsOn) => endOfWeek(day, { weekStartsOn }),
};

/** With Shift, PageUp and PageDown move a year (the WAI-ARIA date picker dialog). */
const YEAR_STEPS: Partial<typeof KEY_STEPS> = {
  PageUp: (day) => addYears(day, -1),
  PageDown: (day) => addYears(day, 1),
};

/**
 * A date (or date range) picker: a button opening a dialog with `monthCount` month grids of
 * 6 x 7 days (WAI-ARIA date picker dialog: arrows, PageUp/PageDown, Home/End, Enter). The choice
 * is committed with Apply; Close or Esc discards it. The dialog is a popover from md (992 px) up
 * and the bottom Sheet on phones.
 */
export function Datepicker({
  monthCount = 1,
  min,
  max,
  locale = 'en-US',
  labels: customLabels,
  today = new Date(),
  defaultOpen,
  mode,
  value: controlledValue,
  defaultValue,
  onChange,
  className,
  ...rest
}: DatepickerProps) {
  const labels = { ...CALENDAR_LABELS, ...customLabels };
  const range = mode === 'range';
  const [value, setValue] = useControlledState<DatepickerValue>(
    controlledValue,
    defaultValue ?? (range ? { start: null, end: null } : null),
    onChange as ((value: DatepickerValue) => void) | undefined,
  );
  const committed = toRange(value);
  const minDay = useMemo(() => parseBound(min, today), [min, today.toDateString()]); // eslint-disable-line react-hooks/exhaustive-deps
  const maxDay = useMemo(() => parseBound(max, today), [max, today.toDateString()]); // eslint-disable-line react-hooks/exhaustive-deps
  const weekStartsOn = weekStartFor(locale);

  const [open, setOpen] = useState(Boolean(defaultOpen));
  const [draft, setDraft] = useState<DayRange>(committed);
  const [focused, setFocused] = useState<Date>(committed.start ?? minDay ?? today);
  const [firstMonth, setFirstMonth] = useState(startOfMonth(focused));
  const grids = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const titleId = useId();
  // The server renders the popover variant; phones switch to the sheet after hydration.
  const popover = useMediaQuery(DATEPICKER_POPOVER_QUERY, true);

  useEffect(() => {
    if (!open) return;
    const start = committed.start ?? minDay ?? today;
    setDraft(committed);
    // Opening puts focus on the chosen day (or the first one allowed), not on the first button.
    moved.current = true;
    setFocused(start);
    setFirstMonth(startOfMonth(start));
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grids.current?.querySelector<HTMLButtonElement>(`[data-date="${formatDay(focused)}"]`)?.focus();
  }, [focused, firstMonth]);

  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'full' });
  const shortFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const weekdayFormat = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  const weekdayLong = new Intl.DateTimeFormat(locale, { weekday: 'long' });
  const months = Array.from({ length: monthCount }, (_, i) => addMonths(firstMonth, i));
  const weekDays = monthGrid(firstMonth, weekStartsOn).slice(0, CALENDAR_DAYS_PER_WEEK);

  const moveFocus = (day: Date) => {
    const bounded = isOutside(day, minDay, maxDay) ? focused : day;
    const offset = differenceInCalendarMonths(bounded, firstMonth);
    if (offset < 0) setFirstMonth(startOfMonth(bounded));
    else if (offset >= monthCount) setFirstMonth(addMonths(startOfMonth(bounded), 1 - monthCount));
    moved.current = true;
    setFocused(bounded);
  };

  const choose = (day: Date) => {
    setFocused(day);
    setDraft(range ? pickRange(draft, day) : { start: day });
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? YEAR_STEPS[event.key] : KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    moveFocus(step(focused, weekStartsOn));
  };

  const apply = (close: () => void) => {
    const start = draft.start ? formatDay(draft.start) : null;
    const end = draft.end ? formatDay(draft.end) : null;
    setValue(range ? { start, end } : start);
    close();
  };

  const summary = committed.start
    ? range
      ? `${shortFormat.format(committed.start)} – ${committed.end ? shortFormat.format(committed.end) : '…'}`
      : shortFormat.format(committed.start)
    : labels.select_dates_title;

  const calendar = (
    <>
      <div className="gk-datepicker__nav">
        <button
          type="button"
          className="gk-datepicker__arrow"
          aria-label={labels.previous_month}
          disabled={minDay !== undefined && differenceInCalendarMonths(firstMonth, minDay) <= 0}
          onClick={() => setFirstMonth(addMonths(firstMonth, -1))}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          type="button"
          className="gk-datepicker__arrow"
          aria-label={labels.next_month}
          disabled={
            maxDay !== undefined &&
            differenceInCalendarMonths(maxDay, addMonths(firstMonth, monthCount - 1)) <= 0
          }
          onClick={() => setFirstMonth(addMonths(firstMonth, 1))}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className="gk-datepicker__months" ref={grids} onKeyDown={onGridKeyDown}>
        {months.map((month) => {
          const monthId = `${titleId}-${formatDay(month)}`;
          const days = monthGrid(month, weekStartsOn);
          return (
            <div key={monthId} className="gk-datepicker__month">
              <p id={monthId} className="gk-datepicker__month-name">
                {monthFormat.format(month)}
              </p>
              <table role="grid" aria-labelledby={monthId} className="gk-datepicker__grid">
                <thead>
                  <tr>
                    {weekDays.map((day) => (
                      <th key={day.getDay()} scope="col" abbr={weekdayLong.format(day)}>
                        {weekdayFormat.format(day)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {Array.from({ length: days.length / CALENDAR_DAYS_PER_WEEK }, (_, week) => (
                    <tr key={week}>
                      {days
                        .slice(week * CALENDAR_DAYS_PER_WEEK, (week + 1) * CALENDAR_DAYS_PER_WEEK)
                        .map((day) => {
                          const key = formatDay(day);
                          if (!isSameMonth(day, month)) {
                            return <td key={key} role="gridcell" className="gk-datepicker__cell" />;
                          }
                          const selected =
                            (draft.start && isSameDay(day, draft.start)) ||
                            (draft.end && isSameDay(day, draft.end));
                          const between = inRange(day, draft);
                          const isToday = isSameDay(day, today);
                          return (
                            <td
                              key={key}
                              role="gridcell"
                              className="gk-datepicker__cell"
                              aria-selected={Boolean(selected) || between}
                            >
                              <button
                                type="button"
                                data-date={key}
                                className={[
                                  'gk-datepicker__day',
                                  selected && 'gk-datepicker__day--selected',
                                  between && !selected && 'gk-datepicker__day--between',
                                  isToday && 'gk-datepicker__day--today',
                                ]
                                  .filter(Boolean)
                                  .join(' ')}
                                tabIndex={isSameDay(day, focused) ? 0 : -1}
                                aria-label={dayFormat.format(day)}
                                aria-current={isToday ? 'date' : undefined}
                                disabled={isOutside(day, minDay, maxDay)}
                                onClick={() => choose(day)}
                              >
                                {day.getDate()}
                              </button>
                            </td>
                          );
                        })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        })}
      </div>
    </>
  );

  const applyButton = (close: () => void) => (
    <button
      type="button"
      className="gk-datepicker__apply"
      disabled={!draft.start || (range && !draft.end)}
      onClick={() => apply(close)}
    >
      {labels.apply_button}
    </button>
  );

  if (!popover) {
    const close = () => setOpen(false);
    return (
      <>
        <Button
          {...rest}
          className={cx('gk-datepicker__trigger', className)}
          aria-haspopup="dialog"
          aria-expanded={open}
          onPress={() => setOpen(true)}
        >
          <span className="gk-datepicker__icon" aria-hidden="true" />
          {summary}
        </Button>
        <Sheet
          isOpen={open}
          onClose={close}
          title={labels.select_dates_title}
          closeLabel={labels.close_button}
          footer={
            <div className="gk-datepicker__footer gk-datepicker__footer--sheet">
              {applyButton(close)}
            </div>
          }
        >
          <div className="gk-datepicker__sheet">{calendar}</div>
        </Sheet>
      </>
    );
  }

  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button {...rest} className={cx('gk-datepicker__trigger', className)}>
        <span className="gk-datepicker__icon" aria-hidden="true" />
        {summary}
      </Button>
      <Popover className="gk-datepicker__popover" placement="bottom start">
        <Dialog className="gk-datepicker__dialog" aria-labelledby={titleId}>
          {({ close }) => (
            <>
              <div className="gk-datepicker__header">
                <Heading slot="title" id={titleId} className="gk-datepicker__title">
                  {labels.select_dates_title}
                </Heading>
                <button type="button" className="gk-datepicker__text-button" onClick={close}>
                  {labels.close_button}
                </button>
              </div>
              {calendar}
              <div className="gk-datepicker__footer">{applyButton(close)}</div>
            </>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
