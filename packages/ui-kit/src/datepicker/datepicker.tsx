import '../tokens/tokens.css';
import './datepicker.css';
import type { CalendarDate } from '@internationalized/date';
import { useId, useMemo, useState, type MouseEvent } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { I18nProvider } from 'react-aria/I18nProvider';
import { useControlledState } from 'react-stately/useControlledState';
import { cx } from '../internal/class-names';
import type { AriaNativeProps } from '../internal/root-props';
import { useMediaQuery } from '../internal/use-media-query';
import { Sheet } from '../sheet/sheet';
import { mediaUp } from '../tokens/tokens';
import { dayOf, parseBoundDay, parseDay, weekStartFor } from './calendar';
import { DayRangeCalendar, SingleDayCalendar, type CalendarViewProps } from './calendar-view';

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
  /**
   * How the trigger writes a chosen day (`'YYYY-MM-DD'` in), so it reads as the rest of the page
   * writes dates; `locale`'s medium date style ("Mar 12, 2027" in en-US) by default.
   */
  formatDate?: (isoDate: string) => string;
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

/** The chosen days; a range may have its start only (from a value with `end: null`). */
interface DayRange {
  start?: CalendarDate;
  end?: CalendarDate;
}

function toRange(value: DatepickerValue): DayRange {
  if (value !== null && typeof value === 'object')
    return { start: parseDay(value.start), end: parseDay(value.end) };
  return { start: parseDay(value) };
}

/**
 * A date (or date range) picker: a button opening a dialog with `monthCount` month grids of
 * 6 x 7 days, built on React Aria's calendar (docs/decisions/125): arrows, PageUp/PageDown a
 * month, Shift+PageUp/PageDown a year, Home/End, Enter. The choice is committed with Apply;
 * Close or Esc discards it. The dialog is a popover from md (992 px) up and the bottom Sheet on
 * phones.
 *
 * **Usage.** Do name what the date is for (a visible label beside it, or `aria-label`:
 * "Departure from"), set `min="today"` for anything a traveller books, and use `mode="range"`
 * for a window of start dates. Don't use it for a birth date or another date far from today: a
 * text field with the date's format is quicker than paging through years.
 */
export function Datepicker({
  monthCount = 1,
  min,
  max,
  locale = 'en-US',
  formatDate,
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
  const todayDay = dayOf(today);
  const minDay = useMemo(() => parseBoundDay(min, todayDay), [min, todayDay.toString()]); // eslint-disable-line react-hooks/exhaustive-deps
  const maxDay = useMemo(() => parseBoundDay(max, todayDay), [max, todayDay.toString()]); // eslint-disable-line react-hooks/exhaustive-deps

  const [open, setOpen] = useState(Boolean(defaultOpen));
  const [draft, setDraft] = useState<DayRange>(committed);
  // A range with its first day pressed and its last not yet.
  const [selecting, setSelecting] = useState(false);
  const titleId = useId();
  // The server renders the popover variant; phones switch to the sheet after hydration.
  const popover = useMediaQuery(DATEPICKER_POPOVER_QUERY, true);

  const changeOpen = (next: boolean) => {
    // Each opening starts from the committed dates.
    if (next) {
      setDraft(committed);
      setSelecting(false);
    }
    setOpen(next);
  };

  const apply = (close: () => void) => {
    const start = draft.start?.toString() ?? null;
    const end = draft.end?.toString() ?? null;
    setValue(range ? { start, end } : start);
    close();
  };

  const shortFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const formatDay = (day: CalendarDate) =>
    formatDate ? formatDate(day.toString()) : shortFormat.format(day.toDate('UTC'));
  const summary = committed.start
    ? range
      ? `${formatDay(committed.start)} – ${committed.end ? formatDay(committed.end) : '…'}`
      : formatDay(committed.start)
    : labels.select_dates_title;

  const view: CalendarViewProps = {
    monthCount,
    minValue: minDay,
    maxValue: maxDay,
    weekStart: weekStartFor(locale),
    // Opening focuses the chosen day, else the first one allowed, else today.
    focusDay: committed.start ?? minDay ?? todayDay,
    today: todayDay,
    previousLabel: labels.previous_month,
    nextLabel: labels.next_month,
  };
  const { start, end } = draft;
  // React Aria's formatters, day names and week start follow `locale`, not the page's.
  const calendar = (
    <I18nProvider locale={locale}>
      {range ? (
        <DayRangeCalendar
          {...view}
          value={start && end ? { start, end } : null}
          onChange={setDraft}
          onSelecting={setSelecting}
        />
      ) : (
        <SingleDayCalendar
          {...view}
          value={start ?? null}
          onChange={(day) => setDraft({ start: day })}
        />
      )}
    </I18nProvider>
  );

  const applyButton = (close: () => void) => (
    <button
      type="button"
      className="gk-datepicker__apply"
      disabled={!start || (range && (!end || selecting))}
      onClick={() => apply(close)}
    >
      {labels.apply_button}
    </button>
  );

  if (!popover) {
    const close = () => changeOpen(false);
    return (
      <>
        <Button
          {...rest}
          className={cx('gk-datepicker__trigger', className)}
          aria-haspopup="dialog"
          aria-expanded={open}
          onPress={() => changeOpen(true)}
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
    <DialogTrigger isOpen={open} onOpenChange={changeOpen}>
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
