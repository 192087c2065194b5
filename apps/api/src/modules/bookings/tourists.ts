/** A tourist as typed on a booking form, as a `booking_tourists` row's values. */
import type { components } from '@gallop/api-client';
import { ageOn, levelRank } from '@gallop/rider-fit';
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

/** The ages a tour takes riders at: its minimum age, its riding ages (issue 46). */
export interface RidingAges {
  minAge: number;
  minRidingAge: number;
  maxRidingAge: number | null;
}

/**
 * 422 on the first rider outside the tour's riding ages on the first day (`startDate`), on their
 * birthday field: at least the higher of the minimum age and the minimum riding age, at most the
 * maximum riding age. A birthday after the first day gives no age: under any minimum. Riders
 * without a birthday and companions who do not ride are not checked.
 */
export function refuseOutsideRidingAges(
  tourists: readonly { rides: boolean; birthday: string | null }[],
  ages: RidingAges,
  startDate: string,
): void {
  const youngest = Math.max(ages.minAge, ages.minRidingAge);
  const ageOf = (t: (typeof tourists)[number]) =>
    t.rides && t.birthday !== null ? (ageOn(t.birthday, startDate) ?? -1) : undefined;
  const tooYoung = tourists.findIndex((t) => {
    const age = ageOf(t);
    return age !== undefined && age < youngest;
  });
  if (tooYoung >= 0) {
    const text = `Riders must be at least ${youngest} on the first day`;
    throw unprocessable(text, { [`tourists.${tooYoung}.birthday`]: [text] });
  }
  const oldest = ages.maxRidingAge;
  const tooOld = tourists.findIndex((t) => {
    const age = ageOf(t);
    return oldest !== null && age !== undefined && age > oldest;
  });
  if (tooOld >= 0) {
    const text = `Riders must be at most ${oldest} on the first day`;
    throw unprocessable(text, { [`tourists.${tooOld}.birthday`]: [text] });
  }
}
