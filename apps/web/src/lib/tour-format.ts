import type { components } from '@gallop/api-client';
import { daysUntil } from '@gallop/booking-rules';
import { formatPrice } from '@gallop/currency';
import { countText } from '@gallop/ui-kit';
import { quoteBooking, type Party } from './booking-quote';

export type TourDate = components['schemas']['TourDate'];
type DiscountKind = components['schemas']['DiscountKind'];

// Dates are calendar days (`YYYY-MM-DD`), read and written in UTC so that the server and the
// browser print the same day whatever their time zones. Month names come from a fixed list:
// ICU versions differ in range punctuation (thin spaces), which would break hydration.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface Day {
  day: number;
  month: string;
  year: number;
}

function readDay(isoDate: string): Day {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return {
    day: date.getUTCDate(),
    month: MONTHS[date.getUTCMonth()] ?? '',
    year: date.getUTCFullYear(),
  };
}

/** '15 Dec 2026'. */
export function formatDay(isoDate: string): string {
  const { day, month, year } = readDay(isoDate);
  return `${day} ${month} ${year}`;
}

/** '15–24 Dec 2026', '28 Nov – 6 Dec 2026', '28 Dec 2026 – 6 Jan 2027'. */
export function formatDateRange(start: string, end: string): string {
  const from = readDay(start);
  const to = readDay(end);
  if (from.year !== to.year) return `${formatDay(start)} – ${formatDay(end)}`;
  if (from.month !== to.month) return `${from.day} ${from.month} – ${formatDay(end)}`;
  if (from.day === to.day) return formatDay(start);
  return `${from.day}–${to.day} ${to.month} ${to.year}`;
}

/**
 * What sets a date apart from others with the same days: its variant ('Private room') and a
 * flight in the price, e.g. 'Private room · Flight included'; undefined for a plain date.
 */
export function formatVariant(date: TourDate): string | undefined {
  const parts = [date.variant_name, date.flight_included ? 'Flight included' : undefined].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** '15–24 Dec 2026, Private room': a date as a choice is named (a button, a radio). */
export function formatDateChoice(date: TourDate): string {
  const range = formatDateRange(date.start, date.end);
  return date.variant_name ? `${range}, ${date.variant_name}` : range;
}

/** '1 day', '10 days'. */
export function formatDuration(days: number): string {
  return countText('{count} day(s)', days);
}

/** Today's calendar day in UTC (`YYYY-MM-DD`), the way this module reads dates. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * How the prepayment of a date works, e.g. 'Prepayment 30%, the rest 14 days before the start'.
 * A fixed prepayment is per traveller ('Prepayment €72 per person'). With the `party` a request
 * books (the booking form), the amount it will be asked, as the API quotes it: 'Prepayment €144
 * (€72 per person), the rest 60 days before the start'. Within the full-payment days of its start
 * a booking pays the whole price at once, whatever the prepayment.
 */
export function formatPrepayment(date: TourDate, today = todayIso(), party?: Party): string {
  const days = date.full_payment_days;
  if (days !== null && days !== undefined && daysUntil(date.start, today) <= days) {
    return `Pay in full when booking: the trip starts within ${formatDuration(days)}`;
  }
  const rest =
    days === null || days === undefined
      ? ''
      : `, the rest ${formatDuration(days)} before the start`;
  const size = date.prepayment_size ?? 0;
  const type = date.prepayment_type;
  if (type === 'none' || ((type === 'percent' || type === 'fixed') && !size)) {
    return 'No prepayment: pay in full before the start';
  }
  const terms =
    type === 'percent'
      ? `${size}%`
      : type === 'fixed'
        ? `${formatPrice(size, date.currency)} per person`
        : undefined;
  if (terms === undefined) return '';
  if (!party) return `Prepayment ${terms}${rest}`;
  const { price, prepayment } = quoteBooking(date, party, today);
  const due = prepayment ?? price;
  // A prepayment is never above the price: capped, it is the whole price.
  const why = prepayment !== null && prepayment < price ? terms : 'the whole price';
  return `Prepayment ${formatPrice(due, date.currency)} (${why})${rest}`;
}

const DISCOUNT_KIND_LABELS: Readonly<Record<DiscountKind, string>> = {
  early_booking_dates: 'Early booking',
  early_booking_days: 'Early booking',
  seasonal: 'Seasonal offer',
  on_tour_date: 'Special date price',
};

/** 'Early booking −20%, until 6 Nov 2026' for a date with a discount, else undefined. */
export function formatDiscount(date: TourDate): string | undefined {
  const { discount } = date;
  if (!date.is_discount_exist || !discount) return undefined;
  const until = discount.valid_until ? `, until ${formatDay(discount.valid_until)}` : '';
  return `${DISCOUNT_KIND_LABELS[discount.kind]} −${Math.round(discount.percent)}%${until}`;
}

/** '3 seats left', '1 seat left', 'Sold out'. */
export function formatFreeSeats(date: TourDate): string {
  const free = date.number_of_free_seats;
  if (free === undefined) return '';
  if (free <= 0) return 'Sold out';
  return countText('{count} seat(s) left', free);
}

/** A date can be requested: it has free seats and is not marked busy. */
export function isBookable(date: TourDate): boolean {
  return !date.is_busy && (date.number_of_free_seats ?? 1) > 0;
}

/** The cheapest bookable date (the soonest among equal prices); dates arrive soonest first. */
export function cheapestUpcomingDate(dates: readonly TourDate[]): TourDate | undefined {
  let best: TourDate | undefined;
  for (const date of dates) {
    if (!isBookable(date)) continue;
    if (!best || date.price < best.price) best = date;
  }
  return best;
}
