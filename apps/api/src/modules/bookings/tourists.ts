/** A tourist as typed on a booking form, as a `booking_tourists` row's values. */
import type { components } from '@gallop/api-client';
import { firstAgeRefusal, type AgedTraveller, type TourAges } from '@gallop/booking-rules';
import { levelRank, tenthOfKg } from '@gallop/rider-fit';
import { unprocessable } from '#src/http/http-error.ts';
import { normalizeEmail, normalizePhone } from '#src/modules/sessions/index.ts';

export type TouristInput = components['schemas']['TouristInput'];

const text = (value: string | undefined) => value?.trim() || null;

/**
 * A rider's weight as kept: to a tenth of a kilogram, as a passport keeps it (decision 139), so
 * the heavier horse is decided on the weight the pages write ("105 kg" is never above 105). A
 * finer weight is rounded, not refused: a client converting pounds itself sends 232 lb as
 * 105.233… kg, which is 105.2 kg as the site's own forms send it.
 */
export function withKeptWeight<T extends { weight?: number | null | undefined }>(tourist: T): T {
  return typeof tourist.weight === 'number'
    ? { ...tourist, weight: tenthOfKg(tourist.weight) }
    : tourist;
}

/**
 * Hours a day a rider is comfortable riding as kept: to the nearest half hour, as a passport
 * keeps them (`readPassport`), so "3.2" reads back as the "3 h" the pages write.
 */
const keptHours = (hours: number | null | undefined) =>
  typeof hours === 'number' ? Math.round(hours * 2) / 2 : null;

export function touristValues(input: TouristInput) {
  // A companion who does not ride needs no horse: their weight, level, tack and hours are not kept.
  const rides = input.rides !== false;
  return {
    rides,
    firstName: input.first_name.trim(),
    lastName: input.last_name.trim(),
    middleName: text(input.middle_name),
    birthday: input.birthday ?? null,
    email: input.email ? normalizeEmail(input.email) : null,
    phone: input.phone ? (normalizePhone(input.phone) ?? null) : null,
    foodRestriction: text(input.food_restriction),
    weight: rides ? (withKeptWeight(input).weight ?? null) : null,
    riderLevel: rides && input.level ? levelRank(input.level) : null,
    tack: rides ? (input.tack ?? null) : null,
    hoursPerDay: rides ? keptHours(input.hours_per_day) : null,
  };
}

/**
 * 422 on the first rider whose first or last name is blank once trimmed: the booking form and
 * every later edit of its riders (the organizer matches horses and papers by name).
 */
export function refuseBlankNames(tourists: readonly TouristInput[]): void {
  const blank = tourists.findIndex((t) => !t.first_name.trim() || !t.last_name.trim());
  if (blank < 0) return;
  const field = tourists[blank]!.first_name.trim() ? 'last_name' : 'first_name';
  throw unprocessable('Required field', { [`tourists.${blank}.${field}`]: ['Required field'] });
}

export const RIDER_TWICE = 'This rider appears twice';

/**
 * 422 on the first saved rider named a second time in one change (`tourists.1.id`): which of the
 * two edits to keep would be a guess.
 */
export function refuseRepeatedRiders(tourists: readonly TouristInput[]): void {
  const seen = new Set<number>();
  const repeated = tourists.findIndex((t) => {
    if (t.id === undefined) return false;
    if (seen.has(t.id)) return true;
    seen.add(t.id);
    return false;
  });
  if (repeated < 0) return;
  throw unprocessable(RIDER_TWICE, { [`tourists.${repeated}.id`]: [RIDER_TWICE] });
}

/** The ages a tour takes travellers at: its minimum age, its riding ages (issue 46, decision 154). */
export type RidingAges = TourAges;

/**
 * 422 on the first traveller the tour's ages refuse on the first day (`startDate`), on their
 * birthday field (`ageRefusal` of @gallop/booking-rules, the rule the web's forms check): everyone
 * at least the minimum age ("Everyone must be at least 12 on the first day"), a rider also at
 * least the minimum riding age and at most the maximum. A birthday after the first day gives no
 * age: under any minimum. Travellers without a birthday are not checked.
 */
export function refuseOutsideRidingAges(
  tourists: readonly AgedTraveller[],
  ages: RidingAges,
  startDate: string,
): void {
  const refused = firstAgeRefusal(tourists, ages, startDate);
  if (!refused) return;
  throw unprocessable(refused.message, {
    [`tourists.${refused.index}.birthday`]: [refused.message],
  });
}

export const RIDER_TO_COMPANION =
  'To make a rider a companion who does not ride, remove them and add them as a companion';
export const COMPANION_TO_RIDER =
  'To make a companion a rider, remove them and add them as a rider';

/**
 * 422 on the first tourist sent with a `rides` other than the one stored. Who rides is fixed
 * once booked (decision 118): a rider holds a seat, maybe a heavier horse, and pays the rider's
 * price; a companion holds a bed. A change of it is a removal and an addition, which move those
 * places and the price; an edit that only leaves `rides` out keeps it.
 */
export function refuseRideSwitch(
  wanted: readonly TouristInput[],
  stored: readonly { id: number; rides: boolean }[],
): void {
  const rides = new Map(stored.map((t) => [t.id, t.rides] as const));
  const switched = wanted.findIndex((t) => {
    const before = t.id === undefined ? undefined : rides.get(t.id);
    return before !== undefined && t.rides !== undefined && t.rides !== before;
  });
  if (switched < 0) return;
  const text = rides.get(wanted[switched]!.id!) ? RIDER_TO_COMPANION : COMPANION_TO_RIDER;
  throw unprocessable(text, { [`tourists.${switched}.rides`]: [text] });
}
