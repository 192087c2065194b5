/**
 * A signed-in traveller's rider passport and their companions' (decision 108). Guests keep one
 * passport in the `gallop_rider` cookie, which only the site reads; here it is the account's. The
 * weight is private: only the account itself reads it back.
 */
import type { components } from '@gallop/api-client';
import { readPassport } from '@gallop/rider-fit';
import { eq } from 'drizzle-orm';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { riderPassports, type StoredPassport } from '#src/db/schema/index.ts';
import { unprocessable } from '#src/http/http-error.ts';
import { requireSigned } from '#src/modules/sessions/index.ts';

type RiderPassports = components['schemas']['RiderPassports'];
type RiderPassport = components['schemas']['RiderPassport'];
/** Every field present: what is kept and answered. */
type KeptPassport = Required<RiderPassport>;

const NO_PASSPORTS: RiderPassports = { passport: null, companions: [] };

/**
 * A passport as kept: the contract's fields through `readPassport`, so hours come to the half
 * hour and weight to a tenth of a kilogram whoever wrote them; `null` without a valid level.
 */
function normalised(value: RiderPassport | StoredPassport | null | undefined): KeptPassport | null {
  if (!value) return null;
  const passport = readPassport({
    level: value.level,
    tack: value.tack,
    hoursPerDay: value.hours_per_day,
    weightKg: value.weight_kg,
  });
  if (!passport) return null;
  return {
    level: passport.level,
    tack: passport.tack,
    hours_per_day: passport.hoursPerDay,
    weight_kg: passport.weightKg,
  };
}

async function loadRiderPassports(db: Database, userId: number): Promise<RiderPassports> {
  const [row] = await db.select().from(riderPassports).where(eq(riderPassports.userId, userId));
  if (!row) return NO_PASSPORTS;
  return {
    passport: normalised(row.passport),
    companions: row.companions.flatMap((companion) => {
      const passport = normalised(companion);
      return passport ? [{ ...passport, name: companion.name }] : [];
    }),
  };
}

async function saveRiderPassports(
  db: Database,
  userId: number,
  wanted: RiderPassports,
): Promise<RiderPassports> {
  const companions = wanted.companions.map((companion, index) => {
    const name = companion.name.trim();
    if (!name) {
      throw unprocessable('Required field', { [`companions.${index}.name`]: ['Required field'] });
    }
    return { ...normalised(companion)!, name };
  });
  const values = { passport: normalised(wanted.passport), companions, updatedAt: new Date() };
  await db
    .insert(riderPassports)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: riderPassports.userId, set: values });
  return { passport: values.passport, companions };
}

export function riderPassportHandlers({
  db,
}: {
  db: Database;
}): Pick<ServiceHandlers, 'getRiderPassport' | 'saveRiderPassport'> {
  return {
    async getRiderPassport(request) {
      const { user } = await requireSigned(db, request);
      return loadRiderPassports(db, user.id);
    },
    async saveRiderPassport(request) {
      const { user } = await requireSigned(db, request);
      return saveRiderPassports(db, user.id, request.body);
    },
  };
}
