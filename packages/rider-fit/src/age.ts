/**
 * A rider's age in whole years on `day` (a tour date's first day), both `YYYY-MM-DD` (a longer
 * ISO string is read by its date). Undefined when either is not a date or the rider is born after
 * `day`: the web shows no age, and a booking treats such a rider as under any minimum age.
 */
export function ageOn(birthday: string | null | undefined, day: string): number | undefined {
  const born = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthday ?? '');
  const on = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!born || !on) return undefined;
  const [, bornYear, bornMonth, bornDay] = born.map(Number) as [number, number, number, number];
  const [, year, month, dayOfMonth] = on.map(Number) as [number, number, number, number];
  const hadBirthday = month > bornMonth || (month === bornMonth && dayOfMonth >= bornDay);
  const age = year - bornYear - (hadBirthday ? 0 : 1);
  return age >= 0 ? age : undefined;
}
