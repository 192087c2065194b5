/** A tourist as typed on a booking form, as a `booking_tourists` row's values. */
import type { components } from '@gallop/api-client';
import { levelRank } from '@gallop/rider-fit';
import { unprocessable } from '#src/http/http-error.ts';
import { normalizeEmail, normalizePhone } from '#src/modules/sessions/index.ts';

export type TouristInput = components['schemas']['TouristInput'];

const text = (value: string | undefined) => value?.trim() || null;

export function touristValues(input: TouristInput) {
  // A companion who does not ride needs no horse: their weight and level are not kept.
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
    weight: rides ? (input.weight ?? null) : null,
    riderLevel: rides && input.level ? levelRank(input.level) : null,
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
