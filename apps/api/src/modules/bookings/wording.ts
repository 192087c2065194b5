/**
 * The words every booking message shares: amounts, dates and times as people read them, counts
 * with their plural, the organizer's booking page, and riders as the organizer needs them to
 * allocate horses (age on the first day, level, weight, heavier-horse place).
 */
import { formatPrice } from '@gallop/currency';
import { ageOn, LEVEL_LABELS, needsHeavyHorse, RIDER_LEVELS } from '@gallop/rider-fit';
import type { RequestRow, TouristRow } from './records.ts';
import { inBothUnits, type WeightLimits } from './rider-places.ts';

/** An amount of minor units as the site shows it, without decimals (spec: currency display). */
export const money = (minor: number, currency: string) => formatPrice(minor / 100, currency);

/** "1 rider", "2 riders"; `plural` for words that do not take an s. */
export const counted = (count: number, word: string, plural = `${word}s`) =>
  `${count} ${count === 1 ? word : plural}`;

const dayFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...options });
const FULL_DAY = dayFormat({ day: 'numeric', month: 'long', year: 'numeric' });
const DAY_ONLY = dayFormat({ day: 'numeric' });
const DAY_MONTH = dayFormat({ day: 'numeric', month: 'long' });
const TIME = dayFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

const atMidnight = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/** "9 December 2026" for a day (`2026-12-09`). */
export const displayDay = (iso: string) => FULL_DAY.format(atMidnight(iso));

/** `14–20 March 2026`, `28 March – 3 April 2026`, `28 December 2026 – 3 January 2027`. */
export function displayDates(start: string, end: string): string {
  if (start === end) return displayDay(start);
  if (start.slice(0, 4) !== end.slice(0, 4)) return `${displayDay(start)} – ${displayDay(end)}`;
  if (start.slice(0, 7) === end.slice(0, 7)) {
    return `${DAY_ONLY.format(atMidnight(start))}–${displayDay(end)}`;
  }
  return `${DAY_MONTH.format(atMidnight(start))} – ${displayDay(end)}`;
}

/** "9 December 2026, 00:13 UTC": a deadline, in the zone the site keeps its clock in. */
export const displayInstant = (at: Date) =>
  `${displayDay(at.toISOString())}, ${TIME.format(at)} UTC`;

/** A booked date: its days and, when it has one, its variant ("Private room"). */
interface BookedDate {
  startDate: string;
  endDate: string;
  variantName?: string | null | undefined;
}

/** The booked date in running text: `5–10 January 2027 (Private room)`. */
export function dateText(date: BookedDate): string {
  const variant = date.variantName ? ` (${date.variantName})` : '';
  return `${displayDates(date.startDate, date.endDate)}${variant}`;
}

/**
 * The booked date inside brackets, where a second pair would nest: `5–10 January 2027, Private
 * room`.
 */
export function dateDetails(date: BookedDate): string {
  const variant = date.variantName ? `, ${date.variantName}` : '';
  return `${displayDates(date.startDate, date.endDate)}${variant}`;
}

/** A trip as messages name it: `"Tour" (5–10 January 2027, Private room)`, or the tour alone. */
export const tripText = (tourName: string, details: string | null | undefined) =>
  `"${tourName}"${details ? ` (${details})` : ''}`;

/** The organizer's page of a booking (the organizer area). */
export function organizerBookingUrl(booking: Pick<RequestRow, 'id'>, publicUrl: string): string {
  return new URL(`/partner/bookings/${booking.id}`, publicUrl).href;
}

/** What the messages read of a rider: a stored row, or the values about to be stored. */
export type RiderFacts = Pick<
  TouristRow,
  'firstName' | 'middleName' | 'lastName' | 'birthday' | 'weight' | 'riderLevel' | 'rides'
>;

/** "First Middle Last" of a rider. */
export const riderName = (row: Pick<TouristRow, 'firstName' | 'middleName' | 'lastName'>) =>
  [row.firstName, row.middleName, row.lastName].filter(Boolean).join(' ');

/** "Intermediate"; undefined for a rider who gave none. */
export const levelName = (rank: number | null) => {
  const level = rank === null ? undefined : RIDER_LEVELS[rank];
  return level === undefined ? undefined : LEVEL_LABELS[level];
};

/** Which horse a rider of `weight` takes: the organizer allocates horses by it. */
export const horseText = (weight: number | null, tour: Pick<WeightLimits, 'maxRiderWeightKg'>) =>
  weight !== null && needsHeavyHorse(weight, tour) ? 'a heavier-horse place' : 'a standard horse';

/**
 * One rider for the organizer: "Jordan Lee: 34 on the first day, Intermediate, 104 kg (229 lb),
 * a heavier-horse place"; a non-rider gives only the age.
 */
export function riderLine(
  rider: RiderFacts,
  tour: Pick<WeightLimits, 'maxRiderWeightKg'>,
  firstDay: string | undefined,
): string {
  const age = firstDay === undefined ? undefined : ageOn(rider.birthday, firstDay);
  const facts = [
    age !== undefined
      ? `aged ${age} on the first day`
      : rider.birthday
        ? `born ${displayDay(rider.birthday)}`
        : 'age not given',
  ];
  if (rider.rides) {
    facts.push(
      levelName(rider.riderLevel) ?? 'level not given',
      rider.weight === null ? 'weight not given' : inBothUnits(rider.weight),
      horseText(rider.weight, tour),
    );
  }
  return `${riderName(rider)}: ${facts.join(', ')}`;
}

/** The party as a list for the organizer: riders, then the non-riders (a bed, no horse). */
export function partyLines(
  tourists: readonly RiderFacts[],
  tour: Pick<WeightLimits, 'maxRiderWeightKg'>,
  firstDay: string | undefined,
): string {
  const list = (group: readonly RiderFacts[]) =>
    group.map((rider) => `- ${riderLine(rider, tour, firstDay)}`).join('\n');
  const riders = tourists.filter((t) => t.rides);
  const nonRiders = tourists.filter((t) => !t.rides);
  return [
    `Riders:\n${list(riders)}`,
    ...(nonRiders.length > 0 ? [`Non-riders (a bed, no horse):\n${list(nonRiders)}`] : []),
  ].join('\n');
}
