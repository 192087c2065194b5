/** A tourist as typed on a booking form, as a `booking_tourists` row's values. */
import type { components } from '@gallop/api-client';
import { levelRank } from '@gallop/rider-fit';
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
