import { isRiderLevel, isTack } from './level-checks';
import type { RiderLevel, Tack } from './levels';
import { RIDER_WEIGHT_KG } from './weight';

/**
 * The rider passport a traveller keeps (in the account when signed in, in a cookie as a guest):
 * their level, usual tack, comfortable hours per day and weight. The weight is private: it goes
 * only to the traveller and to the organizer of a booking it is used in.
 */
export interface RiderPassport {
  level: RiderLevel;
  tack: Tack | null;
  hoursPerDay: number | null;
  weightKg: number | null;
}

export const PASSPORT_LIMITS = {
  hoursPerDay: { min: 0.5, max: 12 },
  weightKg: RIDER_WEIGHT_KG,
} as const;

function inRange(value: number, limits: { min: number; max: number }): boolean {
  return Number.isFinite(value) && value >= limits.min && value <= limits.max;
}

/**
 * Hours to the nearest half hour, weight to a tenth of a kilogram (what a whole number of pounds
 * needs to read back as typed, `weightToKg`); `null` when outside limits.
 */
function readHours(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !inRange(number, PASSPORT_LIMITS.hoursPerDay)) return null;
  return Math.round(number * 2) / 2;
}

function readWeight(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !inRange(number, PASSPORT_LIMITS.weightKg)) return null;
  return Math.round(number * 10) / 10;
}

/**
 * Reads a passport from anything (a JSON body, a parsed cookie): `null` without a valid level,
 * otherwise each other field kept when valid and dropped to `null` when not.
 */
export function readPassport(value: unknown): RiderPassport | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (!isRiderLevel(record.level)) return null;
  return {
    level: record.level,
    tack: isTack(record.tack) ? record.tack : null,
    hoursPerDay: readHours(record.hoursPerDay),
    weightKg: readWeight(record.weightKg),
  };
}

/** The passport as a cookie value (`level=novice&tack=english&hours=3&weight=80`). */
export function passportToCookie(passport: RiderPassport): string {
  const params = new URLSearchParams({ level: passport.level });
  if (passport.tack) params.set('tack', passport.tack);
  if (passport.hoursPerDay !== null) params.set('hours', String(passport.hoursPerDay));
  if (passport.weightKg !== null) params.set('weight', String(passport.weightKg));
  return params.toString();
}

/** The passport of a cookie value written by `passportToCookie`; `null` when it is not one. */
export function passportFromCookie(value: string | undefined | null): RiderPassport | null {
  if (!value) return null;
  const params = new URLSearchParams(value);
  return readPassport({
    level: params.get('level'),
    tack: params.get('tack'),
    hoursPerDay: params.get('hours') ?? undefined,
    weightKg: params.get('weight') ?? undefined,
  });
}

/** The fields matching uses; `age` comes from the booking's rider, never from the passport. */
export function passportProfile(passport: RiderPassport, age?: number) {
  return {
    level: passport.level,
    tack: passport.tack ?? undefined,
    hoursPerDay: passport.hoursPerDay ?? undefined,
    weightKg: passport.weightKg ?? undefined,
    age,
  };
}
