/**
 * The ages a tour takes travellers at, on the first day of their date (issue 46, decision 154):
 * everyone, rider or not, is at least the tour's minimum age; a rider is also within the riding
 * ages. The API refuses a booking or a change with these words, and the web's forms say the same
 * before sending.
 */

/** A tour's ages: its minimum age (everyone) and its riding ages (riders only). */
export interface TourAges {
  minAge: number;
  minRidingAge: number;
  maxRidingAge: number | null;
}

/** A traveller as the age rule sees them: whether they ride, and their birthday if given. */
export interface AgedTraveller {
  rides: boolean;
  birthday: string | null | undefined;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * Whole years from `birthday` to `day` (both `YYYY-MM-DD`); negative when born after `day`,
 * undefined when either is not a date.
 */
export function yearsOn(birthday: string, day: string): number | undefined {
  const born = DAY.exec(birthday);
  const on = DAY.exec(day);
  if (!born || !on) return undefined;
  const [bornYear, bornMonth, bornDay] = born.slice(1).map(Number) as [number, number, number];
  const [year, month, dayOfMonth] = on.slice(1).map(Number) as [number, number, number];
  const hadBirthday = month > bornMonth || (month === bornMonth && dayOfMonth >= bornDay);
  return year - bornYear - (hadBirthday ? 0 : 1);
}

/** The youngest a rider may be: the higher of the tour's minimum age and its riding age. */
export const youngestRider = (ages: TourAges): number => Math.max(ages.minAge, ages.minRidingAge);

/**
 * Why `traveller` cannot come on a date starting `firstDay`, or undefined: a rider younger than
 * `youngestRider` or older than the maximum riding age, anyone younger than the minimum age
 * (born after the first day counts as younger). A traveller without a birthday is not checked.
 */
export function ageRefusal(
  traveller: AgedTraveller,
  ages: TourAges,
  firstDay: string,
): string | undefined {
  if (!traveller.birthday) return undefined;
  const age = yearsOn(traveller.birthday, firstDay);
  if (age === undefined) return undefined;
  if (traveller.rides) {
    const youngest = youngestRider(ages);
    if (age < youngest) return `Riders must be at least ${youngest} on the first day`;
    if (ages.maxRidingAge !== null && age > ages.maxRidingAge) {
      return `Riders must be at most ${ages.maxRidingAge} on the first day`;
    }
    return undefined;
  }
  if (age >= 0 && age >= ages.minAge) return undefined;
  return ages.minAge > 0
    ? `Everyone must be at least ${ages.minAge} on the first day`
    : 'Everyone must be born by the first day';
}

/** The first of `travellers` (in order) the tour's ages refuse, with why; undefined if none. */
export function firstAgeRefusal(
  travellers: readonly AgedTraveller[],
  ages: TourAges,
  firstDay: string,
): { index: number; message: string } | undefined {
  for (const [index, traveller] of travellers.entries()) {
    const message = ageRefusal(traveller, ages, firstDay);
    if (message !== undefined) return { index, message };
  }
  return undefined;
}
