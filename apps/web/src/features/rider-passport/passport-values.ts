import { PASSPORT_LIMITS, readPassport, type RiderPassport } from '@gallop/rider-fit';
import type { CompanionPassport, RiderPassports } from '../../lib/rider-passport';

/** One passport as the form holds it: text, `''` for an empty field or "No preference". */
export interface PassportValues {
  level: string;
  tack: string;
  hours: string;
  weight: string;
}

export interface CompanionValues extends PassportValues {
  name: string;
}

/** The whole form: the traveller's passport and each companion's under a stable key. */
export interface PassportFormValues extends PassportValues {
  companions: Record<string, CompanionValues>;
}

/** The account keeps at most this many companions (the contract's `maxItems`). */
export const MAX_COMPANIONS = 10;

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function passportValues(passport: RiderPassport | null): PassportValues {
  return {
    level: passport?.level ?? '',
    tack: passport?.tack ?? '',
    hours: text(passport?.hoursPerDay),
    weight: text(passport?.weightKg),
  };
}

export const companionValues = (companion: CompanionPassport | null): CompanionValues => ({
  name: companion?.name ?? '',
  ...passportValues(companion),
});

/**
 * The passport the values describe, read like the cookie and the API read one (hours to the half
 * hour, weight to a tenth of a kilogram); `null` without a level. Fields a companion added a moment ago
 * may still be missing.
 */
export function passportOf(values: Partial<PassportValues> | undefined): RiderPassport | null {
  if (!values) return null;
  return readPassport({
    level: values.level,
    tack: values.tack || null,
    hoursPerDay: values.hours,
    weightKg: values.weight,
  });
}

export function companionOf(
  values: Partial<CompanionValues> | undefined,
): CompanionPassport | null {
  const passport = passportOf(values);
  return passport ? { ...passport, name: (values?.name ?? '').trim() } : null;
}

/** The form's starting values and the keys of its companions, in order. */
export function formStart(passports: RiderPassports): {
  values: PassportFormValues;
  keys: string[];
} {
  const keys = passports.companions.map((_, index) => companionKey(index));
  return {
    values: {
      ...passportValues(passports.passport),
      companions: Object.fromEntries(
        passports.companions.map((companion, index) => [keys[index], companionValues(companion)]),
      ),
    },
    keys,
  };
}

/** A key that stays with a companion while others are added and removed. */
export const companionKey = (serial: number) => `c${serial}`;

/** What the form saves: the traveller's passport and the listed companions, in order. */
export function passportsOf(values: PassportFormValues, keys: readonly string[]): RiderPassports {
  return {
    passport: passportOf(values),
    companions: keys.flatMap((key) => {
      const companion = companionOf(values.companions?.[key]);
      return companion ? [companion] : [];
    }),
  };
}

/** Whole or half hours: the passport keeps hours to the half hour. */
export function isHalfHours(value: unknown): boolean | string {
  if (value === '' || value === null || value === undefined) return true;
  return Number.isInteger(Number(value) * 2) || 'Use whole or half hours, such as 3 or 3.5';
}

export const HOURS_LIMITS = PASSPORT_LIMITS.hoursPerDay;

/** The API names a refused field by its place in the body; the form by its own names. */
const FORM_NAMES: Record<string, keyof PassportValues> = {
  level: 'level',
  tack: 'tack',
  hours_per_day: 'hours',
  weight_kg: 'weight',
};

/**
 * The form's field for each field of the body the API may refuse (`passport.weight_kg`,
 * `companions.1.name`), for `formProblems`.
 */
export function bodyFieldNames(keys: readonly string[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const [body, form] of Object.entries(FORM_NAMES)) names.set(`passport.${body}`, form);
  keys.forEach((key, index) => {
    names.set(`companions.${index}.name`, `companions.${key}.name`);
    for (const [body, form] of Object.entries(FORM_NAMES)) {
      names.set(`companions.${index}.${body}`, `companions.${key}.${form}`);
    }
  });
  return names;
}
