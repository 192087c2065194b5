export {
  CALENDAR_DATE_FORMAT,
  CALENDAR_DAYS_PER_WEEK,
  CALENDAR_WEEKS,
  MONDAY_FIRST_LOCALES,
  monthGrid,
  parseBound,
  weekStartFor,
} from './calendar';
export { CALENDAR_LABELS, DATEPICKER_POPOVER_QUERY, Datepicker } from './datepicker';
export type {
  CalendarLabels,
  DateRangeValue,
  DatepickerBaseProps,
  DatepickerProps,
} from './datepicker';
